import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { ownTeacherRow, teacherAuditState } from './teachers.queries.ts';

const { teacherProfiles, siteUsers } = schema;

export interface TeacherFields {
  title: string;
  bio: string;
  subjects: string[];
}

/** The caller's current organisation, where they must be an active member (`no_membership` otherwise). */
export async function memberSite(ctx: AuthedContext): Promise<number> {
  const { siteId, userId } = ctx.session;
  if (siteId === null) throw new AppError('no_membership');
  const [membership] = await ctx.db
    .select({ status: siteUsers.status })
    .from(siteUsers)
    .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.userId, userId)));
  if (membership?.status !== 'active') throw new AppError('no_membership');
  return siteId;
}

/** `/user/teacher-form`: the caller's own application in the current organisation, or null. */
export async function ownApplication(ctx: AuthedContext) {
  const { siteId, userId } = ctx.session;
  return siteId === null ? null : ownTeacherRow(ctx.db, siteId, userId);
}

/**
 * `/user/teacher-create`: the caller applies to be a teacher of their current organisation. A rejected
 * application may be sent again (it goes back to `applied`); a pending or verified one, or a blacklisted
 * caller, answers `conflict`.
 */
export async function applyTeacher(ctx: AuthedContext, input: TeacherFields) {
  const siteId = await memberSite(ctx);
  const { userId } = ctx.session;
  try {
    await ctx.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(teacherProfiles)
        .where(and(eq(teacherProfiles.siteId, siteId), eq(teacherProfiles.userId, userId)))
        .for('update');
      if (before && (before.blacklisted || before.status !== 'rejected')) throw new AppError('conflict');
      const values = { title: input.title, bio: input.bio, subjects: input.subjects };
      const [after] = before
        ? await tx
            .update(teacherProfiles)
            .set({ ...values, status: 'applied', rejectReason: null, appliedAt: new Date() })
            .where(eq(teacherProfiles.id, before.id))
            .returning()
        : await tx
            .insert(teacherProfiles)
            .values({ siteId, userId, ...values })
            .returning();
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'teacher_apply',
        targetType: 'teacher',
        targetId: after!.id,
        details: { before: before ? teacherAuditState(before) : null, after: teacherAuditState(after!) },
        ip: ctx.ip,
      });
    });
  } catch (error) {
    if (uniqueViolation(error) === 'teacher_profiles_site_user') throw new AppError('conflict');
    throw error;
  }
  return (await ownTeacherRow(ctx.db, siteId, userId))!;
}
