import type { TListInput, TPracticeSetItem } from '@app/contracts';
import { type Executor, outerColumn, queryRows, schema } from '@app/db';
import { and, count, desc, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { userInAudience } from '../audiences/index.ts';
import { practicePoolQuestionIds } from '../practice-sets/index.ts';

const { practiceSets, practiceJoins, sites } = schema;

export type PracticeSetRecord = typeof practiceSets.$inferSelect;

/** How many pool questions the learner answered, and answered correctly, at least once. */
async function progressOf(db: Executor, userId: number, questionIds: readonly number[]) {
  if (questionIds.length === 0) return { answered: 0, correct: 0 };
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const [row] = await queryRows<{ answered: number; correct: number }>(
    db,
    sql`SELECT count(DISTINCT question_id)::int AS answered,
               count(DISTINCT question_id) FILTER (WHERE correct)::int AS correct
        FROM practice_answers WHERE user_id = ${userId} AND question_id IN (${ids})`,
  );
  return { answered: row?.answered ?? 0, correct: row?.correct ?? 0 };
}

/**
 * The user sees the set: an active member of its organisation in its audience, or somebody who joined it
 * (narrowing the audience never takes a set away from who joined it; leaving it does).
 */
export function setVisibleTo(userId: number): SQL {
  const set = {
    id: outerColumn(practiceSets.id),
    siteId: outerColumn(practiceSets.siteId),
    audience: outerColumn(practiceSets.audience),
  };
  return sql`(${userInAudience('practice_set', set, userId)}
    or exists (select 1 from practice_joins vj where vj.set_id = ${set.id} and vj.user_id = ${userId}))`;
}

/** Published sets of the organisation the caller sees, newest first, with the caller's join status and progress. */
export async function listPublishedSets(
  db: Executor,
  siteId: number,
  userId: number,
  input: TListInput,
): Promise<{ list: TPracticeSetItem[]; total: number }> {
  const conditions: SQL[] = [
    eq(practiceSets.siteId, siteId),
    eq(practiceSets.status, 'published'),
    setVisibleTo(userId),
  ];
  if (input.keyword?.trim()) conditions.push(ilike(practiceSets.name, `%${input.keyword.trim()}%`));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ set: practiceSets, siteName: sites.name })
      .from(practiceSets)
      .innerJoin(sites, eq(sites.id, practiceSets.siteId))
      .where(where)
      .orderBy(desc(practiceSets.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ count: count() }).from(practiceSets).where(where),
  ]);
  const setIds = rows.map((row) => row.set.id);
  const joined = setIds.length
    ? await db
        .select({ setId: practiceJoins.setId })
        .from(practiceJoins)
        .where(and(eq(practiceJoins.userId, userId), inArray(practiceJoins.setId, setIds)))
    : [];
  const joinedIds = new Set(joined.map((row) => row.setId));
  const list = await Promise.all(
    rows.map(async ({ set, siteName }): Promise<TPracticeSetItem> => {
      const pool = await practicePoolQuestionIds(db, siteId, set);
      const progress = await progressOf(db, userId, pool);
      return {
        id: set.id,
        name: set.name,
        description: set.description,
        data_count: pool.length,
        per_session: set.perSession,
        generate_site_id: set.siteId,
        site: { name: siteName },
        my_join_status: joinedIds.has(set.id) ? 1 : 0,
        locked: set.lockCategoryId !== null,
        my_answered: progress.answered,
        my_correct: progress.correct,
      };
    }),
  );
  return { list, total: counted?.count ?? 0 };
}

/**
 * A set the caller may see: one of the organisation, or one of another organisation the caller is an active
 * member of (starting it then answers practice_other_site), whose audience has the caller or which the caller
 * joined. Otherwise not found (undefined).
 */
export async function findVisibleSet(
  db: Executor,
  userId: number,
  setId: number,
): Promise<(PracticeSetRecord & { siteName: string }) | undefined> {
  const [row] = await db
    .select({ set: practiceSets, siteName: sites.name })
    .from(practiceSets)
    .innerJoin(sites, eq(sites.id, practiceSets.siteId))
    .innerJoin(
      schema.siteUsers,
      and(
        eq(schema.siteUsers.siteId, practiceSets.siteId),
        eq(schema.siteUsers.userId, userId),
        eq(schema.siteUsers.status, 'active'),
      ),
    )
    .where(and(eq(practiceSets.id, setId), setVisibleTo(userId)));
  return row ? { ...row.set, siteName: row.siteName } : undefined;
}
