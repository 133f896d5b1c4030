import { type TProjectInfo, WIZARD_STEPS } from '@app/contracts';
import { schema } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { checkProjectInfo } from './project-info.ts';
import { auditProject, projectAuditState } from './project-setup-state.ts';
import { projectDetail } from './projects.queries.ts';

/** `/project/create`: the wizard's info step makes a draft created by the caller, resuming at the template step. */
export async function createProject(ctx: TenantContext, info: TProjectInfo) {
  const { siteId, userId } = ctx.session;
  const id = await ctx.db.transaction(async (tx) => {
    const { startAt, endAt } = await checkProjectInfo(tx, siteId, info);
    const [created] = await tx
      .insert(schema.projects)
      .values({
        siteId,
        name: info.name,
        categoryId: info.category_id,
        startAt,
        endAt,
        description: info.description,
        notes: info.notes,
        leaderId: info.leader_id ?? null,
        creatorId: userId,
        wizardStep: WIZARD_STEPS.indexOf('template'),
      })
      .returning();
    await auditProject(tx, ctx, 'create', created!, { before: null, after: projectAuditState(created!) });
    return created!.id;
  });
  return projectDetail(ctx.db, ctx, id);
}
