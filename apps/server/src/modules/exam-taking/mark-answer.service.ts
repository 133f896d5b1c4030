import {
  secondMarkingWanted,
  type TMarkInput,
  type TMarkResult,
  type TQuestionSpec,
  type ZMarkInput,
} from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { writeNotices } from '../../platform/notices.ts';
import { recordQuestionAnswers } from '../question-reports/index.ts';
import { loadAttempt } from './attempts.queries.ts';
import { totalOf } from './grade-attempt.ts';
import { issueExamCertificate, revokeExamCertificate } from './issue-exam-certificate.ts';

const { examAnswers, examAttempts, exams, questions } = schema;
type MarkInput = z.output<typeof ZMarkInput>;

const cents = (value: number) => Math.round(value * 100);

/**
 * The points a mark gives on the paper's scale: the points typed (at most the question's), or with a rubric one
 * figure per criterion (each at most the criterion's points) and the question's points in proportion, rounded
 * down to the cent.
 */
export function markPoints(
  maxPoints: number,
  spec: TQuestionSpec | null,
  input: Pick<TMarkInput, 'points' | 'rubric_points'>,
) {
  const rubric = spec?.rubric ?? [];
  if (input.rubric_points !== null && input.rubric_points !== undefined) {
    const given = input.rubric_points;
    if (rubric.length === 0 || given.length !== rubric.length || given.some((p, i) => p > rubric[i]!.points)) {
      throw new AppError('marking_rubric_mismatch');
    }
    const most = rubric.reduce((sum, c) => sum + cents(c.points), 0);
    const got = given.reduce((sum, p) => sum + cents(p), 0);
    return { points: most === 0 ? 0 : Math.floor((cents(maxPoints) * got) / most) / 100, rubricPoints: given };
  }
  if (input.points === null || input.points === undefined) throw new AppError('marking_points_required');
  if (cents(input.points) > cents(maxPoints)) throw new AppError('marking_points_too_high');
  return { points: cents(input.points) / 100, rubricPoints: null };
}

/**
 * `/dataset-examine/mark` (docs/marking.md): a mark on a hand-marked answer of a submitted attempt. The attempt is
 * locked while marking, so two markers finishing the last two answers at once conclude it once. The last mark an
 * attempt waited for gives it its score and pass (a cheating attempt stays failed), the certificate, the answers'
 * statistics and a notice to the candidate; a changed mark on a graded attempt updates its score and pass.
 */
export async function markAnswer(ctx: TenantContext, input: MarkInput): Promise<TMarkResult> {
  const { siteId, userId } = ctx.session;
  const { push, result } = await ctx.db.transaction(async (tx) => {
    const attempt = await loadAttempt(tx, siteId, input.attempt_id, true);
    if (attempt.status === 'in_progress' || attempt.status === 'submitted') {
      throw new AppError('marking_attempt_not_submitted');
    }
    const entry = attempt.paper.find((e) => e.questionId === input.question_id);
    if (!entry) throw new AppError('not_found');
    const [answer] = await tx
      .select({ needsMarking: examAnswers.needsMarking, spec: questions.spec })
      .from(examAnswers)
      .innerJoin(questions, eq(questions.id, examAnswers.questionId))
      .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, input.question_id)));
    if (!answer?.needsMarking) throw new AppError('marking_not_needed');
    const mark = markPoints(entry.points, answer.spec as TQuestionSpec | null, input);
    if (input.second) {
      // A second mark changes no score: the attempt stands as it was, and nobody is told.
      await saveSecondMark(tx, { attemptId: attempt.id, examId: attempt.examId, input, points: mark.points, userId });
      return {
        push: null,
        result: { points: mark.points, attempt_status: attempt.status, score: attempt.score, passed: attempt.passed },
      };
    }
    await tx
      .update(examAnswers)
      .set({
        points: mark.points,
        rubricPoints: mark.rubricPoints,
        comment: input.comment,
        correct: cents(mark.points) >= cents(entry.points),
        markedBy: userId,
        markedAt: new Date(),
      })
      .where(and(eq(examAnswers.attemptId, attempt.id), eq(examAnswers.questionId, input.question_id)));
    const concluded = await concludeIfMarked(tx, attempt.id);
    const notices = concluded?.firstTime
      ? [
          {
            userId: attempt.userId,
            kind: 'exam_marked' as const,
            params: {
              exam: concluded.examName,
              score: concluded.score,
              attempt_id: attempt.id,
              ...(concluded.passed ? { context: 'passed' } : {}),
            },
          },
        ]
      : [];
    const push = await writeNotices(tx, siteId, notices);
    const after = await loadAttempt(tx, siteId, attempt.id);
    return {
      push,
      result: { points: mark.points, attempt_status: after.status, score: after.score, passed: after.passed },
    };
  });
  if (push) await push(ctx.deps.hub);
  return result;
}

/**
 * A second marker's points for an answer the exam's share chose (marking_second_not_wanted), by somebody other than
 * its first marker (marking_second_same_marker). It changes no score: the markers see the difference.
 */
async function saveSecondMark(
  tx: Executor,
  mark: { attemptId: number; examId: number; input: MarkInput; points: number; userId: number },
) {
  const [exam] = await tx.select({ share: exams.secondMarkingShare }).from(exams).where(eq(exams.id, mark.examId));
  if (!secondMarkingWanted(mark.attemptId, mark.input.question_id, exam?.share ?? 0)) {
    throw new AppError('marking_second_not_wanted');
  }
  const where = and(eq(examAnswers.attemptId, mark.attemptId), eq(examAnswers.questionId, mark.input.question_id));
  const [first] = await tx.select({ markedBy: examAnswers.markedBy }).from(examAnswers).where(where);
  if (first?.markedBy === mark.userId) throw new AppError('marking_second_same_marker');
  await tx
    .update(examAnswers)
    .set({
      secondPoints: mark.points,
      secondComment: mark.input.comment,
      secondMarkedBy: mark.userId,
      secondMarkedAt: new Date(),
    })
    .where(where);
}

/**
 * Once none of an attempt's hand-marked answers waits, the attempt is graded: the score is its answers' points, the
 * pass the score against the pass score (never for a cheating attempt), a pass issues the certificate. `firstTime`
 * says the attempt was waiting until now (its hand-marked answers then count in the questions' statistics).
 */
async function concludeIfMarked(tx: Executor, attemptId: number) {
  const [waiting] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from exam_answers
        where attempt_id = ${attemptId} and needs_marking and points is null`,
  );
  if (Number(waiting?.n ?? 0) > 0) return null;
  const [attempt] = await tx.select().from(examAttempts).where(eq(examAttempts.id, attemptId));
  const [exam] = await tx.select().from(exams).where(eq(exams.id, attempt!.examId));
  const answers = await tx
    .select({
      questionId: examAnswers.questionId,
      points: examAnswers.points,
      correct: examAnswers.correct,
      needsMarking: examAnswers.needsMarking,
    })
    .from(examAnswers)
    .where(eq(examAnswers.attemptId, attemptId));
  const total = totalOf(
    answers.map((a) => a.points ?? 0),
    exam!.passScore,
    attempt!.late ? exam!.latePenalty : 0,
  );
  const passed = total.passed && !attempt!.cheat;
  const firstTime = attempt!.status === 'being_graded';
  await tx
    .update(examAttempts)
    .set({ status: 'graded', score: total.score, passed, updatedAt: new Date() })
    .where(eq(examAttempts.id, attemptId));
  if (firstTime) {
    await recordQuestionAnswers(
      tx,
      attempt!.siteId,
      answers.filter((a) => a.needsMarking).map((a) => ({ questionId: a.questionId, correct: a.correct === true })),
    );
  }
  if (passed && (firstTime || !attempt!.passed)) {
    await issueExamCertificate(tx, exam!, attempt!.userId, total.score);
  }
  if (!passed && attempt!.passed === true) await revokeExamCertificate(tx, attempt!, 'regraded');
  return { firstTime, examName: exam!.name, score: total.score, passed };
}
