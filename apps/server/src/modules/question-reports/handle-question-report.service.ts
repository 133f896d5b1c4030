import type { TQuestionReportDetail } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { writeNotices } from '../../platform/notices.ts';
import { loadReport, reportDetail } from './question-reports.queries.ts';
import { reportHandledNotices } from './report-notices.ts';

/**
 * `/dataset-feedback/accept` and `/dataset-feedback/decline`: decides a pending report once (report_handled
 * afterwards); declining needs a reply (reason_required). The reporter is told after the decision is saved.
 * Accepting does not change the question: the content manager edits it in the editor.
 */
export async function handleQuestionReport(
  ctx: TenantContext,
  input: { id: number; reply: string },
  decision: 'accepted' | 'declined',
): Promise<TQuestionReportDetail> {
  const { siteId, userId } = ctx.session;
  const reply = input.reply.trim();
  if (decision === 'declined' && !reply) throw new AppError('reason_required');
  const push = await ctx.db.transaction(async (tx) => {
    const before = await loadReport(tx, siteId, input.id, true);
    if (before.status !== 'pending') throw new AppError('report_handled', {}, { status: before.status });
    const [after] = await tx
      .update(schema.questionReports)
      .set({ status: decision, reply, handledBy: userId, handledAt: new Date() })
      .where(eq(schema.questionReports.id, before.id))
      .returning();
    await recordAudit(tx, {
      siteId,
      userId,
      action: decision === 'accepted' ? 'question_report_accept' : 'question_report_decline',
      targetType: 'question_report',
      targetId: before.id,
      details: { kind: before.kind, question_id: before.questionId, reply },
      ip: ctx.ip,
    });
    return writeNotices(tx, siteId, reportHandledNotices(after!));
  });
  await push(ctx.deps.hub);
  return reportDetail(ctx.db, siteId, input.id);
}
