import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { examOf, loadAttempt, recordExamEvent } from '../exam-taking/index.ts';

/**
 * `/live-room/invigilation-warn`: a warning to a candidate answering an invigilated exam. It goes into the attempt's
 * timeline (`warning`, with the message and who sent it) and to the candidate's page over the platform websocket
 * (`action: 'invigilation'`), where it stays until acknowledged; a page offline then reads it in the timeline later.
 */
export async function warnCandidate(ctx: TenantContext, attemptId: number, message: string): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  const attempt = await loadAttempt(ctx.db, siteId, attemptId);
  const exam = await examOf(ctx.db, attempt);
  if (!exam.liveInvigilation) throw new AppError('invigilation_off');
  if (attempt.status !== 'in_progress') throw new AppError('exam_attempt_closed');
  await ctx.db.transaction(async (tx) => {
    await recordExamEvent(tx, siteId, attempt.id, 'warning', { message, by: userId });
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_invigilation_warn',
      targetType: 'exam_attempt',
      targetId: attempt.id,
      details: { exam_id: exam.id, candidate_id: attempt.userId, message },
      ip: ctx.ip,
    });
  });
  await ctx.deps.hub
    .publishToUser(attempt.userId, { data: { action: 'invigilation', attempt_id: attempt.id, message } })
    .catch((error: unknown) => ctx.log.warn({ err: error, attempt: attempt.id }, 'invigilation warning push failed'));
  return { ok: true };
}
