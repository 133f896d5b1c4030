import { stepWork } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { translate } from '@app/i18n';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { requireTeamGroups, workOfMembers } from './project-people.queries.ts';
import {
  auditProject,
  LIVE_STATUSES,
  projectAuditState,
  projectMissing,
  requireStatus,
  wizardAfter,
} from './project-setup-state.ts';
import { loadProject } from './projects.queries.ts';
import { taskList } from './tasks.queries.ts';

const { projects, tasks, steps, taskPeople } = schema;

/** Rows per INSERT, well under PostgreSQL's 65,535 parameters. */
const CHUNK = 5000;

export interface TaskPeopleInput {
  task_id: number;
  user_ids: number[];
  group_ids: number[];
}

/**
 * Every member given a task must be an active member of the organisation (`not_found`) one of whose roles here
 * can work the task's step (`task_person_unfit` naming the first who cannot, with the task and the work).
 */
async function requireFittingPeople(
  tx: Executor,
  ctx: TenantContext,
  found: { id: number; name: string; stepType: string }[],
  wanted: TaskPeopleInput[],
): Promise<void> {
  const work = await workOfMembers(
    tx,
    ctx.session.siteId,
    wanted.flatMap((t) => t.user_ids),
  );
  for (const entry of wanted) {
    const task = found.find((f) => f.id === entry.task_id)!;
    const needed = stepWork(task.stepType);
    for (const userId of entry.user_ids) {
      const member = work.get(userId)!;
      if (member.work.includes(needed)) continue;
      throw new AppError(
        'task_person_unfit',
        { name: member.nickname, task: task.name, work: translate(ctx.lang, `projects.work_${needed}`) },
        { task_id: task.id, user_id: userId, work: needed },
      );
    }
  }
}

/**
 * `/project/people-save`: sets the people (active members who can work each task's step, team groups of the
 * organisation) of the given tasks, in any status but complete and deleted. A draft whose setup is then complete
 * becomes `releasing` (ready to publish).
 */
export async function savePeople(ctx: TenantContext, input: { project_id: number; tasks: TaskPeopleInput[] }) {
  const { siteId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const project = await loadProject(tx, siteId, input.project_id, true);
    const taskIds = [...new Set(input.tasks.map((t) => t.task_id))];
    const found = await tx
      .select({ id: tasks.id, name: tasks.name, stepType: steps.type })
      .from(tasks)
      .innerJoin(steps, eq(steps.id, tasks.stepId))
      .where(and(eq(tasks.projectId, project.id), inArray(tasks.id, taskIds)));
    if (found.length !== taskIds.length || taskIds.length !== input.tasks.length) throw new AppError('not_found');
    await requireFittingPeople(tx, ctx, found, input.tasks);
    await requireTeamGroups(
      tx,
      siteId,
      input.tasks.flatMap((t) => t.group_ids),
    );
    requireStatus(project, LIVE_STATUSES);
    const before = (await taskList(tx, project))
      .filter((t) => t.id !== null && taskIds.includes(t.id))
      .map((t) => ({ task_id: t.id, user_ids: t.users.map((u) => u.id), group_ids: t.groups.map((g) => g.id) }));
    await tx.delete(taskPeople).where(inArray(taskPeople.taskId, taskIds));
    const rows = input.tasks.flatMap((t) => [
      ...[...new Set(t.user_ids)].map((userId) => ({ siteId, taskId: t.task_id, userId, groupId: null })),
      ...[...new Set(t.group_ids)].map((groupId) => ({ siteId, taskId: t.task_id, userId: null, groupId })),
    ]);
    for (let i = 0; i < rows.length; i += CHUNK) await tx.insert(taskPeople).values(rows.slice(i, i + CHUNK));
    const ready = project.status === 'draft' && (await projectMissing(tx, project)).length === 0;
    const [after] = await tx
      .update(projects)
      .set({
        wizardStep: wizardAfter(project, 'people'),
        status: ready ? 'releasing' : project.status,
        updatedAt: sql`now()`,
      })
      .where(eq(projects.id, project.id))
      .returning();
    await auditProject(tx, ctx, 'save_people', project, {
      before: { ...projectAuditState(project), tasks: before },
      after: { ...projectAuditState(after!), tasks: input.tasks },
    });
  });
  const project = await loadProject(ctx.db, siteId, input.project_id);
  return { list: await taskList(ctx.db, project) };
}
