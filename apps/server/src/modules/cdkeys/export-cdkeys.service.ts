import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { allCodes, batchDetail } from './cdkeys.queries.ts';

/** `/dataset-cdkey/export`: every code of the batch with its state, redeemer and time in one xlsx sheet. */
export async function exportCdkeys(ctx: TenantContext, batchId: number) {
  const batch = await batchDetail(ctx.db, ctx.session.siteId, batchId);
  const rows = await allCodes(ctx.db, ctx.session.siteId, batchId);
  const zh = ctx.lang.startsWith('zh');
  const header = zh ? ['激活码', '状态', '使用人', '使用时间'] : ['Code', 'State', 'Redeemed by', 'Redeemed at'];
  const states = zh
    ? { used: '已使用', unused: '未使用', disabled: '已停用' }
    : { used: 'Used', unused: 'Unused', disabled: 'Disabled' };
  return writeSheet(
    `cdkeys-${batch.id}.xlsx`,
    'cdkeys',
    header,
    rows.map((r) => [r.code, states[r.state], r.redeemed_by_name, r.redeemed_at]),
  );
}
