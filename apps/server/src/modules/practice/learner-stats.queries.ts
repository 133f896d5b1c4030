import type { TMastery } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

const STAT_DAYS = 30;

const mastery = (row: { id: number; name: string; answered: number; correct: number }): TMastery => ({
  id: Number(row.id),
  name: row.name,
  answered: row.answered,
  correct: row.correct,
  mastery: row.answered ? Math.round((row.correct / row.answered) * 1000) / 1000 : 0,
});

/** My practice totals in the organisation, the wrong book's size, and answers per day (last 30 days, UTC). */
export async function myTestStat(db: Executor, siteId: number, userId: number) {
  const [[totals], [book], days] = await Promise.all([
    queryRows<{ sessions: number; answered: number; correct: number }>(
      db,
      sql`SELECT count(*)::int AS sessions, coalesce(sum(answered_count), 0)::int AS answered,
                 coalesce(sum(correct_count), 0)::int AS correct
          FROM practice_sessions WHERE site_id = ${siteId} AND user_id = ${userId}`,
    ),
    queryRows<{ count: number }>(
      db,
      sql`SELECT count(*)::int AS count FROM wrong_book_entries
          WHERE site_id = ${siteId} AND user_id = ${userId} AND in_book`,
    ),
    queryRows<{ day: string; answered: number; correct: number }>(
      db,
      sql`SELECT to_char(answered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*)::int AS answered,
                 count(*) FILTER (WHERE correct)::int AS correct
          FROM practice_answers
          WHERE site_id = ${siteId} AND user_id = ${userId}
            AND answered_at >= now() - make_interval(days => ${STAT_DAYS})
          GROUP BY 1 ORDER BY 1`,
    ),
  ]);
  const answered = totals?.answered ?? 0;
  const correct = totals?.correct ?? 0;
  return {
    sessions: totals?.sessions ?? 0,
    answered,
    correct,
    accuracy: answered ? Math.round((correct / answered) * 1000) / 1000 : 0,
    wrong_book: book?.count ?? 0,
    days,
  };
}

/** My mastery (correct / answered over all my answers) per category and per knowledge node. */
export async function categoryPortrait(db: Executor, siteId: number, userId: number) {
  const [categories, nodes] = await Promise.all([
    queryRows<{ id: number; name: string; answered: number; correct: number }>(
      db,
      sql`SELECT c.id, c.name, count(*)::int AS answered, count(*) FILTER (WHERE a.correct)::int AS correct
          FROM practice_answers a
          JOIN questions q ON q.id = a.question_id
          JOIN question_categories c ON c.id = q.category_id
          WHERE a.site_id = ${siteId} AND a.user_id = ${userId}
          GROUP BY c.id, c.name ORDER BY c.name, c.id`,
    ),
    queryRows<{ id: number; name: string; answered: number; correct: number }>(
      db,
      sql`SELECT n.id, n.name, count(*)::int AS answered, count(*) FILTER (WHERE a.correct)::int AS correct
          FROM practice_answers a
          JOIN question_nodes qn ON qn.question_id = a.question_id
          JOIN knowledge_nodes n ON n.id = qn.node_id
          WHERE a.site_id = ${siteId} AND a.user_id = ${userId}
          GROUP BY n.id, n.name ORDER BY n.name, n.id`,
    ),
  ]);
  return { categories: categories.map(mastery), nodes: nodes.map(mastery) };
}
