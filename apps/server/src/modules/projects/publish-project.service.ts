import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditProject, projectAuditState, projectMissing } from './project-setup-state.ts';
import { transitionProject } from './project-transition.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

/**
 * `/project/publish`: releases a project to the platform audit (releasing -> auditing) once its setup is complete
 * (`project_setup_incomplete` names what is missing). Clears a previous refusal's reason; the caller becomes the
 * publisher.
 */
export async function publishProject(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, id);
    if (before.status === 'releasing') {
      const missing = await projectMissing(tx, before);
      if (missing.length) throw new AppError('project_setup_incomplete', { missing: missing.join(', ') }, { missing });
    }
    const after = await transitionProject(tx, before, 'publish', {
      status: 'auditing',
      publisherId: userId,
      auditReason: null,
    });
    await auditProject(tx, ctx, 'publish', before, {
      before: projectAuditState(before),
      after: projectAuditState(after),
    });
  });
  return projectDetail(ctx.db, ctx, id);
}
