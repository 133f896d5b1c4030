import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { audienceChoice } from '../audiences/index.ts';
import { examAttemptCount, examDetail, loadExam } from './exams.queries.ts';
import { checkPublishable } from './publish-checks.ts';

/**
 * `/dataset-examine/publish` (a draft or closed exam, after the publishing checks) and `/dataset-examine/close`
 * (a published exam only: exam_status_invalid otherwise). Asking for the status an exam has changes nothing.
 */
export async function changeExamStatus(ctx: TenantContext, id: number, status: 'published' | 'closed') {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const before = await loadExam(tx, siteId, id, true);
    if (before.status === status) return;
    if (status === 'closed' && before.status !== 'published') throw new AppError('exam_status_invalid');
    if (status === 'published') {
      const authors = [ctx.session.userId, ...(before.createdBy === null ? [] : [before.createdBy])];
      await checkPublishable(tx, siteId, before, await audienceChoice(tx, 'exam', before.id), ctx.lang, authors);
    }
    const now = new Date();
    await tx
      .update(schema.exams)
      .set({ status, updatedAt: now, ...(status === 'published' ? { publishedAt: now } : {}) })
      .where(eq(schema.exams.id, before.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: status === 'published' ? 'exam_publish' : 'exam_close',
      targetType: 'exam',
      targetId: before.id,
      details: { before: { status: before.status }, after: { status } },
      ip: ctx.ip,
    });
  });
  return examDetail(ctx.db, siteId, id);
}

/** `/dataset-examine/delete`: a draft, or a closed exam without attempts; else exam_not_deletable. */
export async function deleteExam(ctx: TenantContext, id: number) {
  const { siteId, userId } = ctx.session;
  await ctx.db.transaction(async (tx) => {
    const exam = await loadExam(tx, siteId, id, true);
    const deletable =
      exam.status === 'draft' || (exam.status === 'closed' && (await examAttemptCount(tx, exam.id)) === 0);
    if (!deletable) throw new AppError('exam_not_deletable');
    await tx.delete(schema.exams).where(eq(schema.exams.id, exam.id));
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'exam_delete',
      targetType: 'exam',
      targetId: exam.id,
      details: { before: { name: exam.name, status: exam.status }, after: null },
      ip: ctx.ip,
    });
  });
  return { ok: true as const };
}
