import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { reviewSwitches } from '../settings/index.ts';
import { approveRelease } from './approve-release.ts';
import { auditProject, projectAuditState, projectMissing } from './project-setup-state.ts';
import { transitionProject } from './project-transition.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

/**
 * `/project/publish`: releases a project to the platform audit (releasing -> auditing) once its setup is complete
 * (`project_setup_incomplete` names what is missing). Clears a previous refusal's reason; the caller becomes the
 * publisher. Where the platform audit is off for the organisation (`reviewSwitches`), the project is approved at
 * once by the system (auditing -> doing in the same transaction; audit line `project_audit_approve` with no user
 * and `by: 'system'`).
 */
export async function publishProject(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  const push = await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, id);
    if (before.status === 'releasing') {
      const missing = await projectMissing(tx, before);
      if (missing.length) throw new AppError('project_setup_incomplete', { missing: missing.join(', ') }, { missing });
    }
    const published = await transitionProject(tx, before, 'publish', {
      status: 'auditing',
      publisherId: userId,
      auditReason: null,
    });
    await auditProject(tx, ctx, 'publish', before, {
      before: projectAuditState(before),
      after: projectAuditState(published),
    });
    if ((await reviewSwitches(tx, siteId)).project_audit) return null;
    const approved = await approveRelease(tx, published);
    await recordAudit(tx, {
      siteId,
      userId: null,
      action: 'project_audit_approve',
      targetType: 'project',
      targetId: id,
      details: {
        by: 'system',
        reason: 'project_audit_off',
        before: projectAuditState(published),
        after: projectAuditState(approved.after),
      },
      ip: ctx.ip,
    });
    return approved.push;
  });
  await push?.(ctx.deps.hub);
  return projectDetail(ctx.db, ctx, id);
}
