import type { TAnnotationResult, TReviewDecision } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { advanceWork } from './create-jobs.ts';
import { type JobRecord, lockJob, secondsSinceClaim } from './held-job.ts';
import { eventFor, recordJobEvents } from './job-events.ts';
import { assertResultValid, templateOfStep } from './job-template.ts';

export interface Notice {
  userId: number;
  kind: 'job_rejected' | 'job_reset';
  params: Record<string, string | number | null>;
}

export interface Decision {
  decision: TReviewDecision;
  reason?: string | undefined;
  /** A corrected result; taken only where the review step lets reviewers edit. */
  result?: TAnnotationResult | undefined;
}

/**
 * Decides a review job (docs/domain.md): pass moves the work on (next review step or passed), reject sends it back to
 * its operator (rework, reason kept), reset removes the result and returns it to the pool. The review job ends
 * `submitted` with the decision; its line records the decision against the executor (statistics), and a submit line
 * records the reviewer's seconds. Answers the work's new status and the notice for its operator.
 */
export async function decideReview(
  tx: Executor,
  review: JobRecord,
  actorId: number,
  { decision, reason, result }: Decision,
  lang: Lang,
): Promise<{ status: JobRecord['status']; notice: Notice | null }> {
  if (decision !== 'pass' && !reason?.trim()) throw new AppError('reason_required');
  if (review.subjectJobId === null) throw new AppError('job_state_wrong', { status: review.status });
  const subject = await lockJob(tx, review.siteId, review.subjectJobId);
  if (subject.status !== 'submitted') throw new AppError('job_state_wrong', { status: subject.status });
  const seconds = review.status === 'in_progress' && review.operatorId === actorId ? secondsSinceClaim(review) : 0;
  await tx
    .update(schema.jobs)
    .set({
      status: 'submitted',
      decision,
      reason: reason ?? null,
      operatorId: actorId,
      leaseEndsAt: null,
      warnedAt: null,
      submittedAt: sql`now()`,
      workSeconds: sql`${schema.jobs.workSeconds} + ${seconds}`,
      updatedAt: sql`now()`,
    })
    .where(eq(schema.jobs.id, review.id));
  const from = review.status;
  await recordJobEvents(tx, [
    eventFor(review, {
      action: 'submit',
      actorId,
      operatorId: actorId,
      fromStatus: from,
      toStatus: 'submitted',
      workSeconds: seconds,
    }),
  ]);
  const decided = (to: JobRecord['status']) =>
    recordJobEvents(tx, [
      eventFor(review, {
        action: decision,
        actorId,
        operatorId: subject.operatorId,
        fromStatus: 'submitted',
        toStatus: to,
        reason: reason ?? null,
      }),
    ]);
  const judged = { reviewerId: actorId, reviewedAt: sql`now()`, updatedAt: sql`now()` };
  if (decision === 'pass') {
    const editable = Boolean((await stepConfig(tx, review.stepId)).open_audit_edit);
    if (result && editable) assertResultValid(await templateOfStep(tx, subject.stepId), result, lang);
    const [updated] = await tx
      .update(schema.jobs)
      .set({ ...judged, ...(result && editable ? { result } : {}) })
      .where(eq(schema.jobs.id, subject.id))
      .returning();
    const next = await advanceWork(tx, updated!, review.stepId);
    const status = next === null ? 'passed' : 'submitted';
    await decided(status);
    return { status, notice: null };
  }
  const params = { job_id: subject.id, task_id: subject.taskId, item_id: subject.dataItemId, reason: reason ?? null };
  if (decision === 'reject') {
    await tx
      .update(schema.jobs)
      .set({ ...judged, status: 'rejected', reason })
      .where(eq(schema.jobs.id, subject.id));
    await decided('rejected');
    const notice = subject.operatorId ? { userId: subject.operatorId, kind: 'job_rejected' as const, params } : null;
    return { status: 'rejected', notice };
  }
  await tx
    .update(schema.jobs)
    .set({ ...judged, status: 'unclaimed', reason, result: null, draft: null, operatorId: null, submittedAt: null })
    .where(eq(schema.jobs.id, subject.id));
  await decided('unclaimed');
  const notice = subject.operatorId ? { userId: subject.operatorId, kind: 'job_reset' as const, params } : null;
  return { status: 'unclaimed', notice };
}

async function stepConfig(tx: Executor, stepId: number): Promise<{ open_audit_edit?: boolean }> {
  const [step] = await tx.select({ config: schema.steps.config }).from(schema.steps).where(eq(schema.steps.id, stepId));
  return (step?.config ?? {}) as { open_audit_edit?: boolean };
}
