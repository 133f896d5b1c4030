import type { TAnswerResponse, TExamAttempt, TQuestionSpec } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { PaperEntry, QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { loadMyAttemptWithExam, remainingMs } from './exam-access.queries.ts';
import { keyContent, keyCount, paperLayout } from './paper-items.ts';
import { submitAttempt } from './submit-attempt.ts';

const { examAnswers, questions } = schema;

interface PaperQuestion {
  id: number;
  type: QuestionType;
  stem: string;
  analysis: string;
  options: QuestionOption[];
  spec: TQuestionSpec | null;
}

/**
 * Question content for answer pages, kept CONTENT_TTL_MS per question: a class loading the same pool at once reads
 * each question once. An edit shows on the answer page within that time (papers keep their question ids anyway).
 */
const CONTENT_TTL_MS = 10_000;
const CONTENT_MAX = 50_000;
const contentCache = new Map<number, { at: number; siteId: number; row: PaperQuestion }>();

async function loadQuestions(db: Executor, siteId: number, ids: readonly number[]): Promise<PaperQuestion[]> {
  if (ids.length === 0) return [];
  return db
    .select({
      id: questions.id,
      type: questions.type,
      stem: questions.stem,
      analysis: questions.analysis,
      options: questions.options,
      spec: sql<TQuestionSpec | null>`${questions.spec}`,
    })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), inArray(questions.id, [...ids])));
}

async function cachedQuestions(db: Executor, siteId: number, ids: readonly number[]): Promise<PaperQuestion[]> {
  const now = Date.now();
  const found: PaperQuestion[] = [];
  const missing: number[] = [];
  for (const id of ids) {
    const hit = contentCache.get(id);
    if (hit && hit.siteId === siteId && now - hit.at <= CONTENT_TTL_MS) found.push(hit.row);
    else missing.push(id);
  }
  const loaded = await loadQuestions(db, siteId, missing);
  if (contentCache.size + loaded.length > CONTENT_MAX) contentCache.clear();
  for (const row of loaded) contentCache.set(row.id, { at: now, siteId, row });
  return [...found, ...loaded];
}

/** The paper's questions (the organisation's; a question deleted since is left out); `fresh` skips the cache. */
export async function paperQuestions(db: Executor, siteId: number, paper: readonly PaperEntry[], fresh = false) {
  const ids = paper.map((entry) => entry.questionId);
  const rows = fresh ? await loadQuestions(db, siteId, ids) : await cachedQuestions(db, siteId, ids);
  const byId = new Map(rows.map((row) => [row.id, row]));
  return paper.flatMap((entry) => {
    const question = byId.get(entry.questionId);
    if (!question) return [];
    const shown = {
      id: question.id,
      type: question.type,
      stem: question.stem,
      points: entry.points,
      options: entry.optionOrder
        .filter((key) => key < keyCount(question))
        .map((key) => ({ key, content: keyContent(question, key) ?? '' })),
      layout: paperLayout(question),
    };
    return [{ shown, question }];
  });
}

export async function savedAnswers(db: Executor, attemptId: number) {
  return db
    .select({
      questionId: examAnswers.questionId,
      chosen: examAnswers.chosen,
      response: sql<TAnswerResponse | null>`${examAnswers.response}`,
      clientSeq: examAnswers.clientSeq,
      correct: examAnswers.correct,
      points: examAnswers.points,
      needsMarking: examAnswers.needsMarking,
      comment: examAnswers.comment,
    })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attemptId));
}

/**
 * The caller's attempt as the answer page shows it: the frozen paper in its order without the correct options,
 * the saved answers and the server's remaining time. An open attempt past its deadline is submitted first.
 */
export async function attemptView(ctx: TenantContext, attemptId: number): Promise<TExamAttempt> {
  let { attempt, exam } = await loadMyAttemptWithExam(ctx, attemptId);
  if (attempt.status === 'in_progress' && attempt.deadline.getTime() <= Date.now()) {
    await submitAttempt(ctx.db, { attemptId: attempt.id, by: 'server' });
    ({ attempt, exam } = await loadMyAttemptWithExam(ctx, attemptId));
  }
  const [paper, answers] = await Promise.all([
    paperQuestions(ctx.db, attempt.siteId, attempt.paper),
    savedAnswers(ctx.db, attempt.id),
  ]);
  const now = Date.now();
  return {
    id: attempt.id,
    exam_id: exam.id,
    exam_name: exam.name,
    seq: attempt.seq,
    status: attempt.status,
    started_at: attempt.startedAt.toISOString(),
    deadline: attempt.deadline.toISOString(),
    server_now: new Date(now).toISOString(),
    remaining_ms: attempt.status === 'in_progress' ? remainingMs(attempt.deadline, now) : 0,
    total_score: exam.totalScore,
    live_invigilation: exam.liveInvigilation,
    invigilation_screen: exam.invigilationScreen,
    questions: paper.map((p) => p.shown),
    answers: answers.map((a) => ({
      question_id: a.questionId,
      chosen: a.chosen,
      response: a.response,
      client_seq: a.clientSeq,
    })),
  };
}
