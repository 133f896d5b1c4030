import type { Executor } from '@app/db';
import { sql } from 'drizzle-orm';

/**
 * The wrong-answer book rule, in one statement each: a wrong answer puts the question in (or keeps it in) with
 * its wrong count up and its streak back to 0; a correct answer while in the book extends the streak, and the
 * N-th in a row takes it out (N = 0: never).
 */
export async function applyWrongBookRule(
  db: Executor,
  siteId: number,
  userId: number,
  questionId: number,
  correct: boolean,
  n: number,
): Promise<void> {
  if (!correct) {
    await db.execute(sql`
      INSERT INTO wrong_book_entries (user_id, question_id, site_id, in_book, wrong_count, correct_streak)
      VALUES (${userId}, ${questionId}, ${siteId}, true, 1, 0)
      ON CONFLICT (user_id, question_id) DO UPDATE SET
        in_book = true, wrong_count = wrong_book_entries.wrong_count + 1, correct_streak = 0,
        site_id = excluded.site_id, last_wrong_at = now(), updated_at = now()`);
    return;
  }
  await db.execute(sql`
    UPDATE wrong_book_entries SET
      correct_streak = correct_streak + 1,
      in_book = NOT (${n}::int > 0 AND correct_streak + 1 >= ${n}::int),
      updated_at = now()
    WHERE user_id = ${userId} AND question_id = ${questionId} AND in_book`);
}
