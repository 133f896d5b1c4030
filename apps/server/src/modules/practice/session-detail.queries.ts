import {
  isChoiceType,
  specOf,
  type TAnswerResponse,
  type TPracticeQuestion,
  type TPracticeReport,
  type TPracticeResult,
  type TPracticeSessionDetail,
  type TQuestionSpec,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { correctKeys, paperLayout } from '../exam-taking/index.ts';
import { shareOf } from './grade-practice-answer.ts';
import { loadMySession, presentSession, type SessionRecord } from './practice.queries.ts';
import { practiceOptions } from './practice-questions.ts';

const { practiceAnswers, questions, questionCategories, questionCollections } = schema;

/** The session's questions in its order, each with my answer in the session (if any) and whether I collected it. */
async function sessionQuestions(db: Executor, session: SessionRecord) {
  const ids = session.questionIds;
  if (ids.length === 0) return [];
  const [rows, answers, collected] = await Promise.all([
    db
      .select({
        id: questions.id,
        type: questions.type,
        stem: questions.stem,
        options: questions.options,
        spec: questions.spec,
        analysis: questions.analysis,
        difficulty: questions.difficulty,
        categoryId: questions.categoryId,
        categoryName: questionCategories.name,
      })
      .from(questions)
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(and(eq(questions.siteId, session.siteId), inArray(questions.id, ids))),
    db
      .select({
        questionId: practiceAnswers.questionId,
        chosen: practiceAnswers.chosen,
        response: practiceAnswers.response,
        share: practiceAnswers.share,
        correct: practiceAnswers.correct,
      })
      .from(practiceAnswers)
      .where(eq(practiceAnswers.sessionId, session.id)),
    db
      .select({ questionId: questionCollections.questionId })
      .from(questionCollections)
      .where(and(eq(questionCollections.userId, session.userId), inArray(questionCollections.questionId, ids))),
  ]);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const answerOf = new Map(answers.map((answer) => [answer.questionId, answer]));
  const collectedIds = new Set(collected.map((row) => row.questionId));
  return ids.flatMap((id) => {
    const question = byId.get(id);
    if (!question) return [];
    const found = answerOf.get(id);
    const answer = found
      ? { ...found, response: found.response as TAnswerResponse | null, share: shareOf(found) }
      : null;
    return [{ ...question, spec: question.spec as TQuestionSpec | null, answer, collected: collectedIds.has(id) }];
  });
}

/**
 * My session for the answering page: matching and ordering items in the session's shuffled order; correct flags,
 * keys and analyses only for answered questions.
 */
export async function sessionDetail(
  db: Executor,
  siteId: number,
  userId: number,
  sessionId: number,
): Promise<TPracticeSessionDetail> {
  const session = await loadMySession(db, siteId, userId, sessionId);
  const list = await sessionQuestions(db, session);
  return {
    ...presentSession(session),
    questions: list.map(
      (q): TPracticeQuestion => ({
        id: q.id,
        type: q.type,
        stem: q.stem,
        options: practiceOptions(q, session.keyOrders[String(q.id)], q.answer !== null),
        layout: paperLayout(q),
        collected: q.collected,
        answered: q.answer !== null,
        chosen: q.answer?.chosen ?? null,
        response: q.answer?.response ?? null,
        correct: q.answer?.correct ?? null,
        share: q.answer?.share ?? null,
        spec: q.answer && !isChoiceType(q.type) ? specOf(q.type, q.spec) : null,
        analysis: q.answer ? q.analysis : null,
      }),
    ),
  };
}

/**
 * My session's score (correct out of its questions, 0-100) and each question's outcome, with the key of the questions
 * answered (of every question once the session is finished).
 */
export async function sessionResult(
  db: Executor,
  siteId: number,
  userId: number,
  sessionId: number,
): Promise<TPracticeResult> {
  const session = await loadMySession(db, siteId, userId, sessionId);
  const list = await sessionQuestions(db, session);
  const total = session.questionIds.length;
  return {
    ...presentSession(session),
    score: total ? Math.round((session.correctCount / total) * 100) : 0,
    questions: list.map((q) => {
      const keyShown = q.answer !== null || session.finishedAt !== null;
      const choice = isChoiceType(q.type);
      return {
        id: q.id,
        type: q.type,
        stem: q.stem,
        answered: q.answer !== null,
        correct: q.answer?.correct ?? null,
        share: q.answer?.share ?? null,
        chosen: q.answer?.chosen ?? null,
        response: q.answer?.response ?? null,
        correct_options: keyShown && choice ? correctKeys(q.options) : [],
        spec: keyShown && !choice ? specOf(q.type, q.spec) : null,
      };
    }),
  };
}

type Breakdown = TPracticeReport['by_category'][number];

function tally(rows: { key: string; name: string; answered: boolean; correct: boolean }[]): Breakdown[] {
  const groups = new Map<string, Breakdown>();
  for (const row of rows) {
    const group = groups.get(row.key) ?? { key: row.key, name: row.name, total: 0, answered: 0, correct: 0 };
    group.total += 1;
    if (row.answered) group.answered += 1;
    if (row.correct) group.correct += 1;
    groups.set(row.key, group);
  }
  return [...groups.values()];
}

/** My session broken down by category and by difficulty (difficulty names are the keys; the page translates). */
export async function sessionReport(
  db: Executor,
  siteId: number,
  userId: number,
  sessionId: number,
): Promise<TPracticeReport> {
  const session = await loadMySession(db, siteId, userId, sessionId);
  const list = await sessionQuestions(db, session);
  const outcome = (q: (typeof list)[number]) => ({ answered: q.answer !== null, correct: q.answer?.correct === true });
  return {
    session: presentSession(session),
    by_category: tally(list.map((q) => ({ key: String(q.categoryId), name: q.categoryName, ...outcome(q) }))),
    by_difficulty: tally(list.map((q) => ({ key: q.difficulty, name: q.difficulty, ...outcome(q) }))),
  };
}
