import type { TLearnerSetProgress } from '@app/contracts';
import { type Executor, queryRows, type schema } from '@app/db';
import { sql } from 'drizzle-orm';
import { practicePoolQuestionIds } from '../practice-sets/index.ts';

type SetRecord = typeof schema.practiceSets.$inferSelect;

/** How many of the pool's questions the learner answered, and answered correctly, at least once. */
export async function poolProgress(db: Executor, siteId: number, userId: number, questionIds: readonly number[]) {
  if (questionIds.length === 0) return { answered: 0, correct: 0 };
  const ids = sql.join(
    questionIds.map((id) => sql`${id}::bigint`),
    sql`, `,
  );
  const [row] = await queryRows<{ answered: number; correct: number }>(
    db,
    sql`SELECT count(DISTINCT question_id)::int AS answered,
               count(DISTINCT question_id) FILTER (WHERE correct)::int AS correct
        FROM practice_answers
        WHERE site_id = ${siteId} AND user_id = ${userId} AND question_id IN (${ids})`,
  );
  return { answered: row?.answered ?? 0, correct: row?.correct ?? 0 };
}

/** A set's pool size now and my progress on it. */
export async function setProgress(
  db: Executor,
  siteId: number,
  userId: number,
  set: SetRecord,
): Promise<TLearnerSetProgress> {
  const pool = await practicePoolQuestionIds(db, set.siteId, set);
  const progress = await poolProgress(db, siteId, userId, pool);
  return {
    id: set.id,
    name: set.name,
    data_count: pool.length,
    my_answered: progress.answered,
    my_correct: progress.correct,
  };
}

/** Share of the pool answered, 0-1 (an empty pool counts as done: nothing left to practise). */
export const progressShare = (row: TLearnerSetProgress) => (row.data_count ? row.my_answered / row.data_count : 1);
