import {
  isChoiceType,
  responseGiven,
  type TAnswerResponse,
  type TExamAttempt,
  type TExamResult,
  type TQuestionSpec,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { PaperEntry, QuestionOption, QuestionType } from '@app/db/schema/index.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import {
  type AttemptRecord,
  examOf,
  loadMyAttempt,
  loadMyAttemptWithExam,
  remainingMs,
} from './exam-access.queries.ts';
import { correctKeys } from './grade-attempt.ts';
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
async function paperQuestions(db: Executor, siteId: number, paper: readonly PaperEntry[], fresh = false) {
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

async function savedAnswers(db: Executor, attemptId: number) {
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
    questions: paper.map((p) => p.shown),
    answers: answers.map((a) => ({
      question_id: a.questionId,
      chosen: a.chosen,
      response: a.response,
      client_seq: a.clientSeq,
    })),
  };
}

/** The certificate issued for a passed attempt's exam, if any. */
async function certificateCode(db: Executor, attempt: AttemptRecord, templateId: number | null) {
  if (!attempt.passed || templateId === null) return null;
  const c = schema.certificates;
  const [row] = await db
    .select({ code: c.code })
    .from(c)
    .where(
      and(
        eq(c.templateId, templateId),
        eq(c.source, 'exam'),
        eq(c.sourceId, attempt.examId),
        eq(c.userId, attempt.userId),
      ),
    );
  return row?.code ?? null;
}

/**
 * A submitted attempt's result: score, pass, each question with the candidate's answer and points; the correct
 * options and the analysis only when the exam shows them (`show_analysis`). An open attempt answers
 * exam_not_submitted (one past its deadline is submitted first).
 */
export async function attemptResult(ctx: TenantContext, attemptId: number): Promise<TExamResult> {
  let attempt = await loadMyAttempt(ctx, attemptId);
  if (attempt.status === 'in_progress' && attempt.deadline.getTime() <= Date.now()) {
    await submitAttempt(ctx.db, { attemptId: attempt.id, by: 'server' });
    attempt = await loadMyAttempt(ctx, attemptId);
  }
  if (attempt.status === 'in_progress') throw new AppError('exam_not_submitted');
  const exam = await examOf(ctx.db, attempt);
  const [paper, answers, code] = await Promise.all([
    paperQuestions(ctx.db, attempt.siteId, attempt.paper, true),
    savedAnswers(ctx.db, attempt.id),
    certificateCode(ctx.db, attempt, exam.certTemplateId),
  ]);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const show = exam.showAnalysis;
  const items = paper.map(({ shown, question }) => {
    const answer = byQuestion.get(question.id);
    const waiting = answer?.needsMarking === true && answer.points === null;
    const answered = answer !== undefined && (answer.chosen.length > 0 || responseGiven(answer.response));
    return {
      ...shown,
      chosen: answer ? answer.chosen : null,
      response: answer?.response ?? null,
      correct: waiting ? null : answered ? (answer.correct ?? false) : false,
      earned: waiting ? null : (answer?.points ?? 0),
      comment: answer?.comment ?? '',
      correct_options: show && isChoiceType(question.type) ? correctKeys(question.options) : null,
      spec: show ? question.spec : null,
      analysis: show ? question.analysis : null,
    };
  });
  return {
    attempt_id: attempt.id,
    exam_id: exam.id,
    exam_name: exam.name,
    seq: attempt.seq,
    status: attempt.status,
    submitted_by: attempt.submittedBy,
    started_at: attempt.startedAt.toISOString(),
    submitted_at: attempt.submittedAt ? attempt.submittedAt.toISOString() : null,
    score: attempt.score,
    total_score: exam.totalScore,
    pass_score: exam.passScore,
    passed: attempt.passed,
    late: attempt.late,
    late_penalty: attempt.late ? exam.latePenalty : 0,
    answered: items.filter((q) => (q.chosen?.length ?? 0) > 0 || responseGiven(q.response)).length,
    correct: items.filter((q) => q.correct === true).length,
    certificate_code: code,
    show_analysis: show,
    questions: items,
  };
}
