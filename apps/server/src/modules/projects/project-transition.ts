import type { TProjectAction, TProjectStatus } from '@app/contracts';
import { PROJECT_ACTION_FROM } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import type { ProjectRecord } from './projects.queries.ts';

const { projects, tasks } = schema;

type ProjectChange = PgUpdateSetSource<typeof projects>;

/**
 * Moves a project by `action` with one conditional UPDATE (`WHERE status IN <the action's from-statuses>`), so
 * of two racing calls only one passes; the other, and any call from a wrong status, answers
 * `project_state_wrong` with the status found and the action. The platform audit's approve and reject leave
 * `auditing`.
 */
export async function transitionProject(
  tx: Executor,
  project: ProjectRecord,
  action: TProjectAction | 'approve' | 'reject',
  change: ProjectChange & { status: TProjectStatus | SQL },
): Promise<ProjectRecord> {
  const from: readonly TProjectStatus[] =
    action in PROJECT_ACTION_FROM ? PROJECT_ACTION_FROM[action as TProjectAction] : ['auditing'];
  if (!from.includes(project.status)) throw new AppError('project_state_wrong', { status: project.status, action });
  const [after] = await tx
    .update(projects)
    .set({ ...change, updatedAt: sql`now()` })
    .where(and(eq(projects.id, project.id), inArray(projects.status, [...from])))
    .returning();
  if (!after) {
    const [current] = await tx.select({ status: projects.status }).from(projects).where(eq(projects.id, project.id));
    throw new AppError('project_state_wrong', { status: current?.status ?? project.status, action });
  }
  return after;
}

/** Sets the status of a project's tasks that are in one of `from`. */
export async function setTaskStatus(
  tx: Executor,
  projectId: number,
  from: readonly (typeof tasks.$inferSelect)['status'][],
  to: (typeof tasks.$inferSelect)['status'],
): Promise<void> {
  await tx
    .update(tasks)
    .set({ status: to, updatedAt: sql`now()` })
    .where(and(eq(tasks.projectId, projectId), inArray(tasks.status, [...from])));
}
