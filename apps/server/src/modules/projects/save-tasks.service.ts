import type { TTaskInput } from '@app/contracts';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { auditProject, LIVE_STATUSES, requireStatus, wizardAfter } from './project-setup-state.ts';
import { loadProject, type ProjectRecord } from './projects.queries.ts';
import { taskList, taskName } from './tasks.queries.ts';

const { projects, steps, batches, tasks } = schema;

/** Rows per INSERT, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 1000;

/** The status of a task made while the project is in `status`. */
function newTaskStatus(status: ProjectRecord['status']) {
  if (status === 'doing') return 'released' as const;
  if (status === 'paused') return 'paused' as const;
  return 'pending' as const;
}

/**
 * `/project/task-save`: the tasks of every step and batch of the project, each pair exactly once
 * (`task_pairs_wrong`), each window inside the project's (`task_window_wrong`). Allowed until the project is
 * complete or deleted; after publishing only the settings change, since steps and batches are fixed.
 */
export async function saveTasks(ctx: TenantContext, input: { project_id: number; tasks: TTaskInput[] }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const project = await loadProject(tx, siteId, input.project_id, true);
    const [stepRows, batchRows, before] = await Promise.all([
      tx.select({ id: steps.id, name: steps.name }).from(steps).where(eq(steps.projectId, project.id)),
      tx.select({ id: batches.id, name: batches.name }).from(batches).where(eq(batches.projectId, project.id)),
      taskList(tx, project),
    ]);
    const stepName = new Map(stepRows.map((s) => [s.id, s.name]));
    const batchName = new Map(batchRows.map((b) => [b.id, b.name]));
    for (const task of input.tasks) {
      if (!stepName.has(task.step_id) || !batchName.has(task.batch_id)) throw new AppError('not_found');
    }
    requireStatus(project, LIVE_STATUSES);
    const pairs = new Set(input.tasks.map((t) => `${t.step_id}:${t.batch_id}`));
    if (pairs.size !== input.tasks.length || pairs.size !== stepRows.length * batchRows.length) {
      throw new AppError('task_pairs_wrong', { count: stepRows.length * batchRows.length });
    }
    const rows = input.tasks.map((task) => {
      const name = taskName(stepName.get(task.step_id)!, batchName.get(task.batch_id)!);
      const startAt = new Date(task.start_at);
      const endAt = new Date(task.end_at);
      if (startAt < project.startAt || endAt > project.endAt || endAt < startAt) {
        throw new AppError('task_window_wrong', { name });
      }
      return {
        siteId,
        projectId: project.id,
        stepId: task.step_id,
        batchId: task.batch_id,
        name,
        claimSize: task.claim_size,
        leaseSeconds: task.lease_seconds,
        startAt,
        endAt,
        target: task.target,
        status: newTaskStatus(project.status),
      };
    });
    for (let i = 0; i < rows.length; i += CHUNK) {
      await tx
        .insert(tasks)
        .values(rows.slice(i, i + CHUNK))
        .onConflictDoUpdate({
          target: [tasks.stepId, tasks.batchId],
          set: {
            name: sql`excluded.name`,
            claimSize: sql`excluded.claim_size`,
            leaseSeconds: sql`excluded.lease_seconds`,
            startAt: sql`excluded.start_at`,
            endAt: sql`excluded.end_at`,
            target: sql`excluded.target`,
            updatedAt: sql`now()`,
          },
        });
    }
    await tx
      .update(projects)
      .set({ wizardStep: wizardAfter(project, 'tasks'), updatedAt: sql`now()` })
      .where(eq(projects.id, project.id));
    const compact = (list: TTaskInput[]) =>
      list.map(({ step_id, batch_id, claim_size, lease_seconds, start_at, end_at, target }) => ({
        step_id,
        batch_id,
        claim_size,
        lease_seconds,
        start_at,
        end_at,
        target,
      }));
    await auditProject(tx, ctx, 'save_tasks', project, {
      before: compact(before.filter((t) => t.id !== null)),
      after: compact(input.tasks),
    });
  });
  const project = await loadProject(ctx.db, siteId, input.project_id);
  return { list: await taskList(ctx.db, project) };
}
