import type { TUserTagRow } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, asc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { userTags, siteUserTags } = schema;

const tagUserCount = sql<number>`(select count(*)::int from ${siteUserTags} where ${siteUserTags.tagId} = ${outerColumn(userTags.id)})`;

function presentTag(row: { tag: typeof userTags.$inferSelect; userCount: number }): TUserTagRow {
  return { id: row.tag.id, name: row.tag.name, user_count: row.userCount, created_at: row.tag.createdAt.toISOString() };
}

/** The organisation's user tags by name. */
export async function listTags(db: Executor, siteId: number, keyword?: string): Promise<TUserTagRow[]> {
  const conditions: SQL[] = [eq(userTags.siteId, siteId)];
  if (keyword) conditions.push(ilike(userTags.name, likePattern(keyword)));
  const rows = await db
    .select({ tag: userTags, userCount: tagUserCount })
    .from(userTags)
    .where(and(...conditions))
    .orderBy(asc(userTags.name), asc(userTags.id));
  return rows.map(presentTag);
}

export async function tagRow(db: Executor, siteId: number, id: number): Promise<TUserTagRow> {
  const [row] = await db
    .select({ tag: userTags, userCount: tagUserCount })
    .from(userTags)
    .where(and(eq(userTags.siteId, siteId), eq(userTags.id, id)));
  if (!row) throw new AppError('not_found');
  return presentTag(row);
}

/** Tags of the organisation among `ids`, locked; any other id answers not_found. */
export async function lockTags(tx: Executor, siteId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  const rows = await tx
    .select()
    .from(userTags)
    .where(and(eq(userTags.siteId, siteId), inArray(userTags.id, [...ids])))
    .orderBy(asc(userTags.id))
    .for('update');
  if (rows.length !== ids.length) throw new AppError('not_found');
  return rows;
}
