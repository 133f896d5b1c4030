import type { Executor } from '@app/db';
import { AppError } from '../../platform/errors.ts';
import { issueCertificate } from '../certificates/index.ts';

/**
 * A passed attempt's certificate, from the exam's template when it has one. A template or membership gone since:
 * the pass stands without a certificate (its savepoint rolled back).
 */
export async function issueExamCertificate(
  tx: Executor,
  exam: { id: number; siteId: number; name: string; certTemplateId: number | null },
  userId: number,
  score: number,
): Promise<void> {
  if (exam.certTemplateId === null) return;
  try {
    await issueCertificate(tx, {
      siteId: exam.siteId,
      templateId: exam.certTemplateId,
      userId,
      source: 'exam',
      sourceId: exam.id,
      subject: exam.name,
      score: String(score),
      issuedBy: null,
    });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}
