import type { TAuditAction } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import type { TeacherFields } from './apply-teacher.service.ts';
import { loadTeacher, teacherAuditState, teacherRow } from './teachers.queries.ts';

const { teacherProfiles, siteUsers, siteUserRoles } = schema;

type TeacherChange = Partial<TeacherFields & { blacklisted: boolean; top: boolean }>;

/**
 * `/user/teacher-update`, `-set-blacklist`, `-set-whitelist`, `-set-top`, `-cancel-top`: changes fields of a
 * teacher record of the organisation and audits the change.
 */
export async function changeTeacher(ctx: TenantContext, id: number, change: TeacherChange, action: TAuditAction) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadTeacher(tx, siteId, id, true);
    const [after] = await tx.update(teacherProfiles).set(change).where(eq(teacherProfiles.id, before.id)).returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action,
      targetType: 'teacher',
      targetId: before.id,
      details: { before: teacherAuditState(before), after: teacherAuditState(after!) },
      ip: ctx.ip,
    });
  });
  return teacherRow(ctx.db, siteId, id);
}

/**
 * `/user/teacher-delete`: deletes the record; a verified teacher also loses role_teacher in the organisation
 * (kept when it is their only role there, so nobody is left without a role).
 */
export async function deleteTeacher(ctx: TenantContext, input: { id: number }) {
  const { siteId, userId } = ctx.session;
  const changedUser = await ctx.db.transaction(async (tx) => {
    const before = await loadTeacher(tx, siteId, input.id, true);
    let roleRemoved = false;
    if (before.status === 'verified') {
      const [membership] = await tx
        .select({ id: siteUsers.id, currentRole: siteUsers.currentRole })
        .from(siteUsers)
        .where(and(eq(siteUsers.siteId, siteId), eq(siteUsers.userId, before.userId)))
        .for('update');
      if (membership) {
        const roles = await tx
          .select({ roleKey: siteUserRoles.roleKey })
          .from(siteUserRoles)
          .where(eq(siteUserRoles.siteUserId, membership.id));
        const others = roles.map((r) => r.roleKey).filter((r) => r !== 'role_teacher');
        if (others.length && others.length < roles.length) {
          await tx
            .delete(siteUserRoles)
            .where(and(eq(siteUserRoles.siteUserId, membership.id), eq(siteUserRoles.roleKey, 'role_teacher')));
          if (membership.currentRole === 'role_teacher') {
            await tx.update(siteUsers).set({ currentRole: others[0]! }).where(eq(siteUsers.id, membership.id));
          }
          roleRemoved = true;
        }
      }
    }
    await tx.delete(teacherProfiles).where(eq(teacherProfiles.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'teacher_delete',
      targetType: 'teacher',
      targetId: before.id,
      details: { before: { ...teacherAuditState(before), role_removed: roleRemoved }, after: null },
      ip: ctx.ip,
    });
    return roleRemoved ? before.userId : null;
  });
  if (changedUser !== null) await notifyUserChanged(ctx.deps, changedUser);
  return { ok: true as const };
}
