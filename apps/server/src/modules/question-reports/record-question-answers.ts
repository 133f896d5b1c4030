import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';

export interface QuestionAnswer {
  questionId: number;
  correct: boolean;
}

/**
 * Counts learners' answers on the organisation's questions (practice and exams call it when answers are
 * judged): each question's `answer_count` and `correct_count` grow by its answers in one statement. Questions of
 * another organisation, and deleted ones, are left alone. Not an edit: the question's version and update time
 * stay. Answers how many questions were counted.
 */
export async function recordQuestionAnswers(
  executor: Executor,
  siteId: number,
  answers: readonly QuestionAnswer[],
): Promise<number> {
  const tally = new Map<number, { answers: number; correct: number }>();
  for (const answer of answers) {
    const sum = tally.get(answer.questionId) ?? { answers: 0, correct: 0 };
    sum.answers += 1;
    if (answer.correct) sum.correct += 1;
    tally.set(answer.questionId, sum);
  }
  if (tally.size === 0) return 0;
  const values = sql.join(
    [...tally].map(([id, sum]) => sql`(${id}::bigint, ${sum.answers}::int, ${sum.correct}::int)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: number }>(
    executor,
    sql`UPDATE questions q
        SET answer_count = q.answer_count + v.answers, correct_count = q.correct_count + v.correct
        FROM (VALUES ${values}) AS v(id, answers, correct)
        WHERE q.id = v.id AND q.site_id = ${siteId}
        RETURNING q.id`,
  );
  return rows.length;
}
