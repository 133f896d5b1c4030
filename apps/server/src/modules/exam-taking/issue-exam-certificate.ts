import { type Executor, schema } from '@app/db';
import { and, eq, ne } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { issueCertificate } from '../certificates/index.ts';

const { certificates, examAttempts } = schema;

/** Why an exam's certificate was taken back: a cheating mark, or a re-grade that turned the pass into a fail. */
export type ExamRevokeReason = 'cheating' | 'regraded';

/**
 * A passed attempt's certificate, from the exam's template when it has one. One revoked by a re-grade is valid
 * again; one revoked for cheating stays revoked. A template or membership gone since: the pass stands without a
 * certificate (its savepoint rolled back).
 */
export async function issueExamCertificate(
  tx: Executor,
  exam: { id: number; siteId: number; name: string; certTemplateId: number | null },
  userId: number,
  score: number,
): Promise<void> {
  if (exam.certTemplateId === null) return;
  try {
    const issued = await issueCertificate(tx, {
      siteId: exam.siteId,
      templateId: exam.certTemplateId,
      userId,
      source: 'exam',
      sourceId: exam.id,
      subject: exam.name,
      score: String(score),
      issuedBy: null,
    });
    if (!issued.created) {
      await tx
        .update(certificates)
        .set({ revokedAt: null, revokeReason: '' })
        .where(and(eq(certificates.id, issued.id), eq(certificates.revokeReason, 'regraded')));
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/** Takes back the candidate's certificate of the exam, unless another clean attempt of theirs passed. */
export async function revokeExamCertificate(
  tx: Executor,
  attempt: { id: number; siteId: number; examId: number; userId: number },
  reason: ExamRevokeReason,
): Promise<void> {
  const [cleanPass] = await tx
    .select({ id: examAttempts.id })
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.examId, attempt.examId),
        eq(examAttempts.userId, attempt.userId),
        ne(examAttempts.id, attempt.id),
        eq(examAttempts.passed, true),
        eq(examAttempts.cheat, false),
      ),
    )
    .limit(1);
  if (cleanPass) return;
  await tx
    .update(certificates)
    .set({ revokedAt: new Date(), revokeReason: reason })
    .where(
      and(
        eq(certificates.siteId, attempt.siteId),
        eq(certificates.source, 'exam'),
        eq(certificates.sourceId, attempt.examId),
        eq(certificates.userId, attempt.userId),
      ),
    );
}
