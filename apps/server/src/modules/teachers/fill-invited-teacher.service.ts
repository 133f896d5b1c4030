import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { memberSite, type TeacherFields } from './apply-teacher.service.ts';
import { teacherAuditState } from './teachers.queries.ts';

const { auditLogs, teacherProfiles } = schema;

/** Whether the user signed up to the organisation through one of its invitation links (the sign-up's audit line). */
async function joinedByInvitation(ctx: AuthedContext, siteId: number): Promise<boolean> {
  const [line] = await ctx.db
    .select({ id: auditLogs.id })
    .from(auditLogs)
    .where(
      and(
        eq(auditLogs.action, 'registered_by_invitation'),
        eq(auditLogs.siteId, siteId),
        eq(auditLogs.userId, ctx.session.userId),
      ),
    )
    .limit(1);
  return line !== undefined;
}

/**
 * `/user/teacher-invitation-fill-info`: the step after signing up through an invitation link and being
 * approved. The invited person gives their teacher information, which becomes their application (`applied`)
 * in that organisation for a manager to verify; they may correct it while it waits (unlike
 * `/user/teacher-create`, which refuses a pending application), and send it again after a rejection. A
 * verified or blacklisted record answers `conflict`; a person who did not join by invitation `not_invited`.
 */
export async function fillInvitedTeacherInfo(ctx: AuthedContext, input: TeacherFields) {
  const siteId = await memberSite(ctx);
  const { userId } = ctx.session;
  if (!(await joinedByInvitation(ctx, siteId))) throw new AppError('not_invited');
  try {
    return await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(teacherProfiles)
        .where(and(eq(teacherProfiles.siteId, siteId), eq(teacherProfiles.userId, userId)))
        .for('update');
      if (before && (before.blacklisted || before.status === 'verified')) throw new AppError('conflict');
      const values = { title: input.title, bio: input.bio, subjects: input.subjects };
      const [after] = before
        ? await tx
            .update(teacherProfiles)
            .set({
              ...values,
              status: 'applied',
              rejectReason: null,
              ...(before.status === 'rejected' ? { appliedAt: new Date() } : {}),
            })
            .where(eq(teacherProfiles.id, before.id))
            .returning()
        : await tx
            .insert(teacherProfiles)
            .values({ siteId, userId, ...values })
            .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'teacher_invitation_fill_info',
        targetType: 'teacher',
        targetId: after!.id,
        details: { before: before ? teacherAuditState(before) : null, after: teacherAuditState(after!) },
        ip: ctx.ip,
      });
      return { id: after!.id, status: 'applied' as const };
    });
  } catch (error) {
    if (uniqueViolation(error) === 'teacher_profiles_site_user') throw new AppError('conflict');
    throw error;
  }
}
