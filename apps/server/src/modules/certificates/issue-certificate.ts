import { type Executor, schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { generateCertCode } from './cert-code.ts';

export interface IssueCertificateInput {
  siteId: number;
  templateId: number;
  userId: number;
  source: 'exam' | 'manual';
  /** The exam (or other source record); null for a certificate issued by hand without one. */
  sourceId: number | null;
  /** What it certifies, as printed (cut to 100 characters). */
  subject: string;
  /** As printed, e.g. "86" (cut to 16 characters). */
  score: string;
  issuedBy: number | null;
}

export interface IssuedCertificate {
  id: number;
  code: string;
  /** False when the user already held the certificate for this template and source (nothing changed). */
  created: boolean;
}

async function existing(db: Executor, input: IssueCertificateInput): Promise<IssuedCertificate | undefined> {
  const c = schema.certificates;
  const [row] = await db
    .select({ id: c.id, code: c.code })
    .from(c)
    .where(
      and(
        eq(c.templateId, input.templateId),
        eq(c.source, input.source),
        input.sourceId === null ? isNull(c.sourceId) : eq(c.sourceId, input.sourceId),
        eq(c.userId, input.userId),
      ),
    );
  return row ? { ...row, created: false } : undefined;
}

/** `validMonths` after `from` (end of month clamps: 31 Jan + 1 month = 28/29 Feb); null = never expires. */
export function expiryOf(from: Date, validMonths: number | null): Date | null {
  if (validMonths === null) return null;
  const to = new Date(from);
  const day = to.getUTCDate();
  to.setUTCDate(1);
  to.setUTCMonth(to.getUTCMonth() + validMonths);
  const last = new Date(Date.UTC(to.getUTCFullYear(), to.getUTCMonth() + 1, 0)).getUTCDate();
  to.setUTCDate(Math.min(day, last));
  return to;
}

/**
 * Issues a certificate of the organisation's template to one of its members (the exam module calls this when a
 * candidate passes; `/dataset-cert-user/issue` for issuing by hand). Idempotent: one certificate per
 * (template, source, source id, user) — issuing again returns the existing one with `created: false`, even when it
 * was revoked. The holder name is the user's nickname now; it expires `valid_months` after issue.
 * A template or user outside the site answers `not_found`. Runs in its own transaction (a savepoint inside one).
 */
export async function issueCertificate(db: Executor, input: IssueCertificateInput): Promise<IssuedCertificate> {
  return db.transaction(async (tx) => {
    const [template] = await tx
      .select({ validMonths: schema.certTemplates.validMonths })
      .from(schema.certTemplates)
      .where(and(eq(schema.certTemplates.id, input.templateId), eq(schema.certTemplates.siteId, input.siteId)));
    if (!template) throw new AppError('not_found');
    const [holder] = await tx
      .select({ nickname: schema.users.nickname })
      .from(schema.siteUsers)
      .innerJoin(schema.users, eq(schema.users.id, schema.siteUsers.userId))
      .where(and(eq(schema.siteUsers.siteId, input.siteId), eq(schema.siteUsers.userId, input.userId)));
    if (!holder) throw new AppError('not_found');
    // The unique index treats a null source id as distinct: serialise issuing per (template, user) instead.
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`certificate:${input.templateId}:${input.userId}`}, 0))`,
    );
    const found = await existing(tx, input);
    if (found) return found;
    const issuedAt = new Date();
    for (let attempt = 0; attempt < 5; attempt++) {
      const [row] = await tx
        .insert(schema.certificates)
        .values({
          siteId: input.siteId,
          templateId: input.templateId,
          userId: input.userId,
          code: generateCertCode(),
          source: input.source,
          sourceId: input.sourceId,
          subject: input.subject.slice(0, 100),
          score: input.score.slice(0, 16),
          holderName: holder.nickname.slice(0, 50),
          issuedBy: input.issuedBy,
          issuedAt,
          expiresAt: expiryOf(issuedAt, template.validMonths),
        })
        .onConflictDoNothing()
        .returning({ id: schema.certificates.id, code: schema.certificates.code });
      if (row) return { ...row, created: true };
      const raced = await existing(tx, input);
      if (raced) return raced;
      // Otherwise the drawn code was taken (1 in 2^80): draw again.
    }
    throw new AppError('internal_error');
  });
}
