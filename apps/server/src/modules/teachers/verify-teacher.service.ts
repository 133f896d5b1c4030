import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { loadTeacher, teacherAuditState, teacherRow } from './teachers.queries.ts';

const { teacherProfiles, siteUsers, siteUserRoles } = schema;

/**
 * `/user/teacher-verify`: decides a pending application. Passing grants role_teacher in the organisation
 * (the membership must still exist: `not_found` otherwise); rejecting keeps the reason. An application that
 * is not pending, or a blacklisted one, answers `conflict`.
 */
export async function verifyTeacher(ctx: TenantContext, input: { id: number; pass: boolean; reason?: string }) {
  const { siteId, userId } = ctx.session;
  const teacherUserId = await ctx.db.transaction(async (tx) => {
    const before = await loadTeacher(tx, siteId, input.id, true);
    if (before.status !== 'applied' || before.blacklisted) throw new AppError('conflict');
    if (input.pass) {
      const [membership] = await tx
        .select({ id: siteUsers.id })
        .from(siteUsers)
        .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.userId, before.userId)));
      if (!membership) throw new AppError('not_found');
      await tx
        .insert(siteUserRoles)
        .values({ siteUserId: membership.id, siteId, roleKey: 'role_teacher' })
        .onConflictDoNothing();
    }
    const [after] = await tx
      .update(teacherProfiles)
      .set(
        input.pass
          ? { status: 'verified', rejectReason: null, verifiedAt: new Date(), verifiedBy: userId }
          : { status: 'rejected', rejectReason: input.reason ?? '', verifiedAt: new Date(), verifiedBy: userId },
      )
      .where(eq(teacherProfiles.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: input.pass ? 'teacher_verify' : 'teacher_reject',
      targetType: 'teacher',
      targetId: before.id,
      details: { before: teacherAuditState(before), after: teacherAuditState(after!) },
      ip: ctx.ip,
    });
    return before.userId;
  });
  if (input.pass) await notifyUserChanged(ctx.deps, teacherUserId);
  return teacherRow(ctx.db, siteId, input.id);
}
