import { schema } from '@app/db';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { checkCodesOwned } from './cdkeys.queries.ts';

/**
 * `/dataset-cdkey/disable` and `/dataset-cdkey/enable`: only codes never redeemed change (a redeemed code stays
 * used); answers how many changed.
 */
export async function setCdkeyStatus(ctx: TenantContext, ids: number[], status: 'active' | 'disabled') {
  const { siteId, userId } = ctx.session;
  await checkCodesOwned(ctx.db, siteId, ids);
  const { cdkeys } = schema;
  return ctx.db.transaction(async (tx) => {
    const changed = await tx
      .update(cdkeys)
      .set({ status })
      .where(
        and(
          eq(cdkeys.siteId, siteId),
          inArray(cdkeys.id, [...new Set(ids)]),
          isNull(cdkeys.redeemedBy),
          eq(cdkeys.status, status === 'active' ? 'disabled' : 'active'),
        ),
      )
      .returning({ id: cdkeys.id });
    if (changed.length > 0)
      await recordAudit(tx, {
        siteId,
        userId,
        action: status === 'active' ? 'cdkey_enable' : 'cdkey_disable',
        targetType: 'cdkey',
        details: { ids: changed.map((c) => c.id) },
        ip: ctx.ip,
      });
    return { changed: changed.length };
  });
}
