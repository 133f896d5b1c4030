import { cdkeyProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { batchDetail, cdkeysShown, listBatches, listCodes, myCodes } from './cdkeys.queries.ts';
import { createCdkeyBatch } from './create-cdkey-batch.service.ts';
import { exportCdkeys } from './export-cdkeys.service.ts';
import { redeemCdkey } from './redeem-cdkey.service.ts';
import { setCdkeyStatus } from './set-cdkey-status.service.ts';

/** Activation codes: batches for managers, redeeming for learners. */
export const cdkeyImplementations = [
  implement(p.cdkeyBatchList, async (input, ctx) => {
    const { list, total } = await listBatches(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.cdkeyBatchCreate, async (input, ctx) => createCdkeyBatch(ctx, input)),
  implement(p.cdkeyBatchDetail, async (input, ctx) => batchDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.cdkeyCodes, async (input, ctx) => {
    const { list, total } = await listCodes(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.cdkeyDisable, async (input, ctx) => setCdkeyStatus(ctx, input.ids, 'disabled')),
  implement(p.cdkeyEnable, async (input, ctx) => setCdkeyStatus(ctx, input.ids, 'active')),
  implement(p.cdkeyExport, async (input, ctx) => exportCdkeys(ctx, input.batch_id)),
  implement(p.cdkeyRedeem, async (input, ctx) => redeemCdkey(ctx, input)),
  implement(p.cdkeyMine, async (_input, ctx) => {
    if (!(await cdkeysShown(ctx.db, ctx.session.siteId))) return { hidden: true, list: [] };
    return { hidden: false, list: await myCodes(ctx.db, ctx.session.siteId, ctx.session.userId) };
  }),
];
