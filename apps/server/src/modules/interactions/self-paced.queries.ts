import {
  isChoiceType,
  type TAnswerResponse,
  type TAnswerSplit,
  type TRunLive,
  type TRunStudentView,
} from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import { loadQuestionsById } from '../question-bank/index.ts';
import { keyOf, type RunRecord, shownQuestion, stateNow } from './run-state.ts';

/**
 * Self-paced runs (docs/interactions.md "Self-paced mode"): every question is open at once, so the views carry a
 * sheet of all of them instead of one current question.
 */

/** The run's questions as shown, with their content (a question deleted since is left out). */
async function runQuestions(db: Executor, run: RunRecord) {
  const found = await loadQuestionsById(
    db,
    run.siteId,
    run.items.map((item) => item.question_id),
  );
  return run.items.flatMap((item, index) => {
    const question = found.get(item.question_id);
    return question ? [{ index, item, question, shown: shownQuestion(question, run.id, index, item.points) }] : [];
  });
}

/** The teacher's sheet: every question with its key and how its answers split, in two grouped reads. */
export async function liveSheet(db: Executor, run: RunRecord): Promise<TRunLive['sheet']> {
  const [questions, counts, keys] = await Promise.all([
    runQuestions(db, run),
    queryRows<{ question_index: number; answered: number; correct: number; partial: number }>(
      db,
      sql`select question_index, count(*)::int as answered, (count(*) filter (where correct))::int as correct,
          (count(*) filter (where not correct and share > 0))::int as partial
        from interaction_answers where run_id = ${run.id} group by question_index`,
    ),
    queryRows<{ question_index: number; key: number; count: number }>(
      db,
      sql`select a.question_index, k.key::int as key, count(*)::int as count
        from interaction_answers a, jsonb_array_elements_text(a.chosen) as k(key)
        where a.run_id = ${run.id} group by a.question_index, k.key`,
    ),
  ]);
  const countOf = new Map(counts.map((row) => [Number(row.question_index), row]));
  return questions.map(({ index, question, shown }) => {
    const row = countOf.get(index);
    const answered = Number(row?.answered ?? 0);
    const correct = Number(row?.correct ?? 0);
    const partial = Number(row?.partial ?? 0);
    const choice = isChoiceType(question.type);
    const chosen = new Map(
      keys.filter((k) => Number(k.question_index) === index).map((k) => [Number(k.key), Number(k.count)]),
    );
    const split: TAnswerSplit = {
      answered,
      correct,
      partial,
      wrong: answered - correct - partial,
      options: choice ? question.options.map((_, key) => ({ key, count: chosen.get(key) ?? 0 })) : [],
    };
    return { question: shown, ...keyOf(question), split };
  });
}

/**
 * A student's sheet: every question with their answer — its outcome once the run is closed or ended — and, when the
 * interaction shows answers, the key once revealed or ended.
 */
export async function studentSheet(
  db: Executor,
  run: RunRecord,
  userId: number,
  now: Date,
): Promise<TRunStudentView['sheet']> {
  const [questions, mine] = await Promise.all([
    runQuestions(db, run),
    db
      .select()
      .from(schema.interactionAnswers)
      .where(and(eq(schema.interactionAnswers.runId, run.id), eq(schema.interactionAnswers.userId, userId))),
  ]);
  const state = stateNow(run, now);
  const closed = state !== 'open' || run.status === 'ended';
  const revealed = run.settings.show_answer && (state === 'revealed' || run.status === 'ended');
  const byIndex = new Map(mine.map((answer) => [answer.questionIndex, answer]));
  return questions.map(({ index, question, shown }) => {
    const answer = byIndex.get(index);
    return {
      question: shown,
      my_answer: answer
        ? {
            chosen: answer.chosen,
            response: (answer.response ?? null) as TAnswerResponse | null,
            correct: closed ? answer.correct : null,
            points: closed ? answer.points : null,
          }
        : null,
      ...(revealed ? keyOf(question) : { correct_options: null, spec: null }),
    };
  });
}
