import type { TAttemptState } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadAttempt } from './attempts.queries.ts';
import { revokeExamCertificate } from './issue-exam-certificate.ts';
import { submitAttempt } from './submit-attempt.ts';

const { examAttempts, examEvents, exams } = schema;

async function attemptState(db: Executor, siteId: number, id: number): Promise<TAttemptState> {
  const a = await loadAttempt(db, siteId, id);
  return {
    attempt_id: a.id,
    status: a.status,
    score: a.score,
    passed: a.passed,
    cheat: a.cheat,
    deadline: a.deadline.toISOString(),
    submitted_by: a.submittedBy,
  };
}

/** `/dataset-examine/force-submit`: submits an attempt in progress with what was saved (exam_attempt_closed else). */
export async function forceSubmit(ctx: TenantContext, attemptId: number) {
  const { siteId, userId } = ctx.session;
  const attempt = await loadAttempt(ctx.db, siteId, attemptId);
  if (attempt.status !== 'in_progress') throw new AppError('exam_attempt_closed');
  const outcome = await submitAttempt(ctx.db, { attemptId, by: 'teacher' });
  if (!outcome.submitted) throw new AppError('exam_attempt_closed');
  await recordAudit(ctx.db, {
    siteId,
    userId,
    action: 'exam_force_submit',
    targetType: 'exam_attempt',
    targetId: attemptId,
    details: { score: outcome.score, passed: outcome.passed },
    ip: ctx.ip,
  });
  return attemptState(ctx.db, siteId, attemptId);
}

/**
 * `/dataset-examine/mark-cheat` (docs/exams.md "Cheating"): an attempt in progress is submitted first (by the
 * teacher); the attempt is then flagged, failed (passed false, its score kept for the record), a 'cheat' event
 * keeps the note, and the exam's certificate of the candidate is revoked unless another clean attempt passed.
 */
export async function markCheat(ctx: TenantContext, attemptId: number, note: string) {
  const { siteId, userId } = ctx.session;
  const first = await loadAttempt(ctx.db, siteId, attemptId);
  if (first.status === 'in_progress') await submitAttempt(ctx.db, { attemptId, by: 'teacher' });
  await ctx.db.transaction(async (tx) => {
    const attempt = await loadAttempt(tx, siteId, attemptId, true);
    await tx
      .update(examAttempts)
      .set({ cheat: true, cheatNote: note, passed: false, updatedAt: new Date() })
      .where(eq(examAttempts.id, attempt.id));
    await tx.insert(examEvents).values({ siteId, attemptId: attempt.id, kind: 'cheat', detail: { note, by: userId } });
    await revokeExamCertificate(tx, attempt, 'cheating');
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_mark_cheat',
      targetType: 'exam_attempt',
      targetId: attempt.id,
      details: { note, before: { passed: attempt.passed, cheat: attempt.cheat } },
      ip: ctx.ip,
    });
  });
  return attemptState(ctx.db, siteId, attemptId);
}

/**
 * `/dataset-examine/reopen` (docs/exams.md "Re-opening"): a submitted attempt is in progress again with the time
 * it had left when it was submitted (deadline − submitted at; the full duration when that is nothing), never past
 * the window end (exam_ended when the window has closed). Score, pass and any cheat mark are cleared; the saved
 * answers stay, and submitting grades again.
 */
export async function reopenAttempt(ctx: TenantContext, attemptId: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const attempt = await loadAttempt(tx, siteId, attemptId, true);
    if (attempt.status === 'in_progress') throw new AppError('exam_not_submitted');
    const [exam] = await tx.select().from(exams).where(eq(exams.id, attempt.examId));
    const now = Date.now();
    if (exam!.windowEnd.getTime() <= now) throw new AppError('exam_ended');
    const left = attempt.submittedAt ? attempt.deadline.getTime() - attempt.submittedAt.getTime() : 0;
    const grant = left > 0 ? left : exam!.durationSeconds * 1000;
    const deadline = new Date(Math.min(now + grant, exam!.windowEnd.getTime()));
    await tx
      .update(examAttempts)
      .set({
        status: 'in_progress',
        deadline,
        submittedAt: null,
        submittedBy: null,
        score: null,
        passed: null,
        cheat: false,
        cheatNote: '',
        updatedAt: new Date(),
      })
      .where(eq(examAttempts.id, attempt.id));
    await tx.insert(examEvents).values({
      siteId,
      attemptId: attempt.id,
      kind: 'reopen',
      detail: { by: userId, deadline: deadline.toISOString(), granted_ms: deadline.getTime() - now },
    });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_reopen',
      targetType: 'exam_attempt',
      targetId: attempt.id,
      details: { before: { status: attempt.status, score: attempt.score, cheat: attempt.cheat } },
      ip: ctx.ip,
    });
  });
  return attemptState(ctx.db, siteId, attemptId);
}
