import { schema } from '@app/db';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { certDetail } from './certificates.queries.ts';

/** `/dataset-cert-user/revoke`: a certificate of the organisation, once (cert_already_revoked after). */
export async function revokeCertificate(ctx: TenantContext, input: { id: number; reason: string }) {
  const { siteId, userId } = ctx.session;
  await certDetail(ctx.db, siteId, input.id);
  const c = schema.certificates;
  await ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(c)
      .set({ revokedAt: sql`now()`, revokeReason: input.reason })
      .where(and(eq(c.siteId, siteId), eq(c.id, input.id), isNull(c.revokedAt)))
      .returning({ id: c.id });
    if (changed.length === 0) throw new AppError('cert_already_revoked');
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'certificate_revoke',
      targetType: 'certificate',
      targetId: input.id,
      details: { before: null, after: { reason: input.reason } },
      ip: ctx.ip,
    });
  });
  return certDetail(ctx.db, siteId, input.id);
}
