import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { countProjectItems } from './batches.queries.ts';
import { auditProject, projectAuditState, requireStatus, SETUP_STATUSES, wizardAfter } from './project-setup-state.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

const { projects } = schema;

/** `/project/confirm-data`: the wizard's confirm step; the project needs at least one item (`project_no_data`). */
export async function confirmProjectData(ctx: TenantContext, input: { project_id: number }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, input.project_id, true);
    requireStatus(before, SETUP_STATUSES);
    const { count, bytes } = await countProjectItems(tx, before.id);
    if (count === 0) throw new AppError('project_no_data');
    const [after] = await tx
      .update(projects)
      .set({ itemCount: count, totalBytes: bytes, wizardStep: wizardAfter(before, 'confirm'), updatedAt: sql`now()` })
      .where(eq(projects.id, before.id))
      .returning();
    await auditProject(tx, ctx, 'confirm_data', before, {
      before: projectAuditState(before),
      after: projectAuditState(after!),
    });
  });
  return projectDetail(ctx.db, ctx, input.project_id);
}
