import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { noticeRow } from './teacher-notices.queries.ts';

const { teacherNotices } = schema;

/**
 * `/user/teacher-notice-save`: a new notice to the organisation's teachers, or a change to one of the
 * organisation's own notices (platform-wide notices are not the organisation's: `not_found`).
 */
export async function saveTeacherNotice(ctx: TenantContext, input: { id?: number; title: string; content: string }) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    if (input.id === undefined) {
      const [created] = await tx
        .insert(teacherNotices)
        .values({ siteId, title: input.title, content: input.content, createdBy: userId })
        .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'teacher_notice_create',
        targetType: 'teacher_notice',
        targetId: created!.id,
        details: { before: null, after: { title: created!.title, content: created!.content } },
        ip: ctx.ip,
      });
      return created!.id;
    }
    const [before] = await tx
      .select()
      .from(teacherNotices)
      .where(and(eq(teacherNotices.siteId, siteId), eq(teacherNotices.id, input.id)))
      .for('update');
    if (!before) throw new AppError('not_found');
    await tx
      .update(teacherNotices)
      .set({ title: input.title, content: input.content })
      .where(eq(teacherNotices.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teacher_notice_update',
      targetType: 'teacher_notice',
      targetId: before.id,
      details: {
        before: { title: before.title, content: before.content },
        after: { title: input.title, content: input.content },
      },
      ip: ctx.ip,
    });
    return before.id;
  });
  return noticeRow(ctx.db, siteId, id);
}
