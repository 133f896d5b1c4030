import type { TUserMessageKind } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq, inArray } from 'drizzle-orm';
import type { RealtimeHub } from './realtime.ts';

export interface JobNotice {
  userId: number;
  kind: TUserMessageKind;
  params: Record<string, string | number | null>;
}

/**
 * Writes notices in the caller's transaction and answers a function that pushes them to their users; call it
 * after the transaction commits, so nobody is told of a change that did not happen.
 */
export async function writeNotices(tx: Executor, siteId: number, notices: readonly JobNotice[]) {
  const named = await withNames(tx, notices);
  const rows =
    named.length === 0
      ? []
      : await tx
          .insert(schema.userMessages)
          .values(named.map((n) => ({ siteId, userId: n.userId, kind: n.kind, params: n.params })))
          .returning();
  return (hub: RealtimeHub) =>
    Promise.all(
      rows.map((row) =>
        hub.publishToUser(row.userId, {
          data: {
            action: 'message',
            message: {
              id: row.id,
              kind: row.kind,
              params: row.params,
              read: false,
              created_at: row.createdAt.toISOString(),
            },
          },
        }),
      ),
    );
}

/** Adds the names the message texts show (`task`, `project`, `item`) to notices that carry their ids. */
async function withNames(tx: Executor, notices: readonly JobNotice[]): Promise<JobNotice[]> {
  const ids = (key: string) => [
    ...new Set(notices.map((n) => n.params[key]).filter((v): v is number => typeof v === 'number')),
  ];
  const taskIds = ids('task_id');
  const itemIds = ids('item_id');
  const tasks =
    taskIds.length === 0
      ? []
      : await tx
          .select({ id: schema.tasks.id, name: schema.tasks.name, project: schema.projects.name })
          .from(schema.tasks)
          .innerJoin(schema.projects, eq(schema.projects.id, schema.tasks.projectId))
          .where(inArray(schema.tasks.id, taskIds));
  const items =
    itemIds.length === 0
      ? []
      : await tx
          .select({ id: schema.dataItems.id, name: schema.dataItems.name })
          .from(schema.dataItems)
          .where(inArray(schema.dataItems.id, itemIds));
  return notices.map((n) => {
    const task = tasks.find((t) => t.id === n.params.task_id);
    const item = items.find((i) => i.id === n.params.item_id);
    return {
      ...n,
      params: {
        ...(task ? { task: task.name, project: task.project } : {}),
        ...(item ? { item: item.name } : {}),
        ...n.params,
      },
    };
  });
}
