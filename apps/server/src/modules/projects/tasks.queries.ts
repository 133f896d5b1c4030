import type { TTaskRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { asc, eq, sql } from 'drizzle-orm';
import { groupRows } from '../../platform/group-rows.ts';
import type { ProjectRecord } from './projects.queries.ts';

const { tasks, steps, batches, taskPeople, users, groups } = schema;

/** A task's name: `<step name> · <batch name>`. */
export function taskName(stepName: string, batchName: string): string {
  return `${stepName} · ${batchName}`;
}

/** Gives a project's tasks the names of their step and batch (after steps are renamed). */
export async function renameTasks(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`update tasks set name = s.name || ' · ' || b.name from steps s, batches b
    where tasks.project_id = ${projectId} and s.id = tasks.step_id and b.id = tasks.batch_id`);
}

// Correlated subqueries are written with explicit table names: drizzle leaves columns unqualified in
// single-table selects, where `"id"` would name the inner table's column.
const peopleCount = sql<number>`(select count(*)::int from (
    select tp.user_id as uid from task_people tp where tp.task_id = "tasks"."id" and tp.user_id is not null
    union
    select su.user_id from task_people tp
      join group_members gm on gm.group_id = tp.group_id
      join site_users su on su.id = gm.site_user_id
      where tp.task_id = "tasks"."id"
  ) as reached)`;

const groupMemberCount = sql<number>`(select count(*)::int from group_members gm where gm.group_id = "groups"."id")`;

/**
 * `/project/task-list`: one row per step and batch in step then batch order: the saved task, or a suggestion
 * (id null: claim 1, lease 3600 s, the project's window, released to the team).
 */
export async function taskList(db: Executor, project: ProjectRecord): Promise<TTaskRow[]> {
  const [stepRows, batchRows, saved, people, teamGroups] = await Promise.all([
    db.select().from(steps).where(eq(steps.projectId, project.id)).orderBy(asc(steps.seq), asc(steps.id)),
    db.select().from(batches).where(eq(batches.projectId, project.id)).orderBy(asc(batches.seq)),
    db.select({ task: tasks, peopleCount }).from(tasks).where(eq(tasks.projectId, project.id)),
    db
      .select({ taskId: taskPeople.taskId, id: users.id, nickname: users.nickname, username: users.username })
      .from(taskPeople)
      .innerJoin(tasks, eq(tasks.id, taskPeople.taskId))
      .innerJoin(users, eq(users.id, taskPeople.userId))
      .where(eq(tasks.projectId, project.id))
      .orderBy(asc(taskPeople.id)),
    db
      .select({ taskId: taskPeople.taskId, id: groups.id, name: groups.name, member_count: groupMemberCount })
      .from(taskPeople)
      .innerJoin(tasks, eq(tasks.id, taskPeople.taskId))
      .innerJoin(groups, eq(groups.id, taskPeople.groupId))
      .where(eq(tasks.projectId, project.id))
      .orderBy(asc(taskPeople.id)),
  ]);
  const usersOf = groupRows(
    people,
    (row) => row.taskId,
    ({ id, nickname, username }) => ({ id, nickname, username }),
  );
  const groupsOf = groupRows(
    teamGroups,
    (row) => row.taskId,
    ({ id, name, member_count }) => ({ id, name, member_count }),
  );
  const byPair = new Map(saved.map((row) => [`${row.task.stepId}:${row.task.batchId}`, row]));
  const list: TTaskRow[] = [];
  for (const step of stepRows) {
    for (const batch of batchRows) {
      const row = byPair.get(`${step.id}:${batch.id}`);
      const base = {
        step_id: step.id,
        batch_id: batch.id,
        name: taskName(step.name, batch.name),
        step_name: step.name,
        step_type: step.type,
        batch_name: batch.name,
      };
      if (!row) {
        list.push({
          ...base,
          id: null,
          claim_size: 1,
          lease_seconds: 3600,
          start_at: project.startAt.toISOString(),
          end_at: project.endAt.toISOString(),
          target: 'team',
          status: 'pending',
          users: [],
          groups: [],
          people_count: 0,
        });
        continue;
      }
      const t = row.task;
      list.push({
        ...base,
        id: t.id,
        name: t.name,
        claim_size: t.claimSize,
        lease_seconds: t.leaseSeconds,
        start_at: t.startAt.toISOString(),
        end_at: t.endAt.toISOString(),
        target: t.target,
        status: t.status,
        users: usersOf.get(t.id) ?? [],
        groups: groupsOf.get(t.id) ?? [],
        people_count: row.peopleCount,
      });
    }
  }
  return list;
}
