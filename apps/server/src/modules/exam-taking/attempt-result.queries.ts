import { isChoiceType, responseGiven, type TExamAttemptDetail, type TExamResult } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { paperQuestions, savedAnswers } from './attempt-view.queries.ts';
import { type AttemptRecord, examOf, loadMyAttempt } from './exam-access.queries.ts';
import { correctKeys } from './grade-attempt.ts';
import { submitAttempt } from './submit-attempt.ts';

const { examAttempts, users } = schema;

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
 * A submitted attempt's result: score, pass, each question with the answer and points; the correct options, the
 * key and the analysis only when `show` (the exam's `show_analysis` for the candidate, always for its teachers).
 */
async function resultOf(db: Executor, attempt: AttemptRecord, showKey: boolean): Promise<TExamResult> {
  const exam = await examOf(db, attempt);
  const [paper, answers, code] = await Promise.all([
    paperQuestions(db, attempt.siteId, attempt.paper, true),
    savedAnswers(db, attempt.id),
    certificateCode(db, attempt, exam.certTemplateId),
  ]);
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]));
  const show = showKey || exam.showAnalysis;
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

/**
 * The caller's submitted attempt as its result page shows it; the key and analysis only when the exam shows them.
 * An open attempt answers exam_not_submitted (one past its deadline is submitted first).
 */
export async function attemptResult(ctx: TenantContext, attemptId: number): Promise<TExamResult> {
  let attempt = await loadMyAttempt(ctx, attemptId);
  if (attempt.status === 'in_progress' && attempt.deadline.getTime() <= Date.now()) {
    await submitAttempt(ctx.db, { attemptId: attempt.id, by: 'server' });
    attempt = await loadMyAttempt(ctx, attemptId);
  }
  if (attempt.status === 'in_progress') throw new AppError('exam_not_submitted');
  return resultOf(ctx.db, attempt, false);
}

/**
 * `/trainingcamp/stuExamDetail`: an attempt of the organisation for the exam's teachers, with the key always shown
 * and the candidate named. An attempt still open answers exam_not_submitted: its answers are not final.
 */
export async function attemptDetail(ctx: TenantContext, attemptId: number): Promise<TExamAttemptDetail> {
  const [row] = await ctx.db
    .select({ attempt: examAttempts, username: users.username, nickname: users.nickname })
    .from(examAttempts)
    .innerJoin(users, eq(users.id, examAttempts.userId))
    .where(and(eq(examAttempts.id, attemptId), eq(examAttempts.siteId, ctx.session.siteId)));
  if (!row) throw new AppError('not_found');
  if (row.attempt.status === 'in_progress') throw new AppError('exam_not_submitted');
  const result = await resultOf(ctx.db, row.attempt, true);
  return {
    ...result,
    user_id: row.attempt.userId,
    username: row.username,
    nickname: row.nickname,
    cheat: row.attempt.cheat,
    cheat_note: row.attempt.cheatNote,
  };
}
