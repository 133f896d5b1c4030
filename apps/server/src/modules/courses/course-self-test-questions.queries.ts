import { autoGraded, type TCourseTask, type TCourseTaskKind } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { loadQuestionsById, type QuestionForUse } from '../question-bank/index.ts';

const { questions } = schema;

/** A question of a material's self-test, as shown and graded. */
export type SelfTestQuestion = QuestionForUse;

/**
 * The questions a self-test holds now, in the task's order: those still there and graded by the machine (a question
 * deleted, or edited into one a teacher marks, drops out).
 */
export async function selfTestPaper(db: Executor, siteId: number, ids: readonly number[]): Promise<SelfTestQuestion[]> {
  const found = await loadQuestionsById(db, siteId, ids);
  return ids.flatMap((id) => {
    const question = found.get(id);
    return question && autoGraded(question.type, question.spec) ? [question] : [];
  });
}

/**
 * The self-test questions a task saves: each of the organisation (else not_found, as for any id of another
 * organisation, whatever the kind); none for a kind other than material; for material the ids given (each once, in
 * order), graded by the machine, and passed or the editor's own — or already on the task (`kept`: a co-teacher
 * re-saving keeps the owner's own questions; one deleted since drops out). Any other answers
 * course_self_test_question_unusable naming them.
 */
export async function selfTestQuestionIds(
  db: Executor,
  siteId: number,
  userId: number,
  input: { kind: TCourseTaskKind; self_test_question_ids: readonly number[] },
  kept: readonly number[],
): Promise<number[]> {
  const given = [...new Set(input.self_test_question_ids)];
  const found = await loadQuestionsById(db, siteId, given);
  // A question deleted since it was put on the task drops out; any other unknown id is not the organisation's.
  if (given.some((id) => !found.has(id) && !kept.includes(id))) throw new AppError('not_found');
  if (input.kind !== 'material') return [];
  const ids = given.filter((id) => found.has(id));
  const bad = ids.filter((id) => {
    const question = found.get(id)!;
    if (!autoGraded(question.type, question.spec)) return true;
    return question.reviewStatus !== 'passed' && question.createdBy !== userId && !kept.includes(id);
  });
  if (bad.length > 0) {
    throw new AppError('course_self_test_question_unusable', { ids: bad.join(', ') }, { question_ids: bad });
  }
  return ids;
}

/** The tasks with their self-test questions' ids and the start of their text (those still there), in one read. */
export async function withSelfTestQuestions<T extends TCourseTask>(
  db: Executor,
  siteId: number,
  tasks: T[],
): Promise<T[]> {
  const ids = [...new Set(tasks.flatMap((task) => task.self_test_question_ids))];
  if (ids.length === 0) return tasks;
  const rows = await db
    .select({ id: questions.id, text: sql<string>`left(${questions.stemText}, 100)` })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids)));
  const text = new Map(rows.map((row) => [row.id, row.text]));
  return tasks.map((task) => ({
    ...task,
    self_test_questions: task.self_test_question_ids.flatMap((id) =>
      text.has(id) ? [{ id, text: text.get(id)! }] : [],
    ),
  }));
}
