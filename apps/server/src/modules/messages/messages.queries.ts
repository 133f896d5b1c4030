import type { TUserMessage } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';

const { userMessages } = schema;
type MessageRow = typeof userMessages.$inferSelect;

/** A stored notice as the contract shows it. */
export function toUserMessage(row: MessageRow): TUserMessage {
  return {
    id: row.id,
    kind: row.kind,
    params: (row.params ?? {}) as TUserMessage['params'],
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
  };
}

const own = (siteId: number, userId: number) => and(eq(userMessages.siteId, siteId), eq(userMessages.userId, userId));

/** The user's unread notices in the organisation. */
export async function unreadCount(db: Executor, siteId: number, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(userMessages)
    .where(and(own(siteId, userId), isNull(userMessages.readAt)));
  return Number(row?.n ?? 0);
}

/** `/message/list`: the user's notices in the organisation, newest first, one page, with the unread count. */
export async function listMessages(
  db: Executor,
  siteId: number,
  userId: number,
  input: { page: number; pageSize: number; unread?: boolean | undefined },
) {
  const where = and(own(siteId, userId), input.unread ? isNull(userMessages.readAt) : undefined);
  const [rows, [total], unread] = await Promise.all([
    db
      .select()
      .from(userMessages)
      .where(where)
      .orderBy(desc(userMessages.createdAt), desc(userMessages.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ n: count() }).from(userMessages).where(where),
    unreadCount(db, siteId, userId),
  ]);
  return {
    list: rows.map(toUserMessage),
    total: Number(total?.n ?? 0),
    page: input.page,
    pageSize: input.pageSize,
    unread,
  };
}

/**
 * `/message/read`: marks the user's own unread notices of the organisation read (the ids named, or all); ids of
 * other people's notices change nothing. Answers the unread count left.
 */
export async function markMessagesRead(
  db: Executor,
  siteId: number,
  userId: number,
  input: { ids: number[] } | { all: true },
): Promise<number> {
  await db
    .update(userMessages)
    .set({ readAt: sql`now()` })
    .where(
      and(
        own(siteId, userId),
        isNull(userMessages.readAt),
        'ids' in input ? inArray(userMessages.id, input.ids) : undefined,
      ),
    );
  return unreadCount(db, siteId, userId);
}
