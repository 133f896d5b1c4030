import type { TProjectInfo } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { checkProjectInfo } from './project-info.ts';
import { auditProject, LIVE_STATUSES, projectAuditState, requireStatus } from './project-setup-state.ts';
import { loadProject, projectDetail } from './projects.queries.ts';

const { projects, steps, tasks } = schema;

/**
 * `/project/update`: the info of a project that is not complete or deleted. The category changes only while no
 * template and no step is chosen (`project_category_locked`); a window that would leave a task outside it is
 * refused (`task_window_wrong`).
 */
export async function updateProject(ctx: TenantContext, input: TProjectInfo & { id: number }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadProject(tx, siteId, input.id, true);
    requireStatus(before, LIVE_STATUSES);
    const { startAt, endAt } = await checkProjectInfo(tx, siteId, input, before.categoryId);
    if (input.category_id !== before.categoryId) {
      const [step] = await tx.select({ id: steps.id }).from(steps).where(eq(steps.projectId, before.id)).limit(1);
      if (before.templateId !== null || step) throw new AppError('project_category_locked');
    }
    const [outside] = await tx
      .select({ name: tasks.name })
      .from(tasks)
      .where(and(eq(tasks.projectId, before.id), or(lt(tasks.startAt, startAt), gt(tasks.endAt, endAt))))
      .limit(1);
    if (outside) throw new AppError('task_window_wrong', { name: outside.name });
    const [after] = await tx
      .update(projects)
      .set({
        name: input.name,
        categoryId: input.category_id,
        startAt,
        endAt,
        description: input.description,
        notes: input.notes,
        leaderId: input.leader_id === undefined ? before.leaderId : input.leader_id,
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, before.id))
      .returning();
    await auditProject(tx, ctx, 'update', before, {
      before: projectAuditState(before),
      after: projectAuditState(after!),
    });
  });
  return projectDetail(ctx.db, ctx, input.id);
}
