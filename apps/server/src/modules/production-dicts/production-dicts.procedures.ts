import { productionDictProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { createLabelDict } from './create-label-dict.service.ts';
import { deleteLabelDict } from './delete-label-dict.service.ts';
import { dictDetail, dictOptions, listDicts } from './production-dicts.queries.ts';
import { saveLabelDictItems } from './save-label-dict-items.service.ts';
import { updateLabelDict } from './update-label-dict.service.ts';

/** Production dictionaries of the caller's organisation (label lists for templates and the annotation tool). */
export const productionDictImplementations = [
  implement(p.productionDictList, async (input, ctx) => {
    const { list, total } = await listDicts(ctx.db, ctx.session.siteId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.productionDictDetail, async (input, ctx) => dictDetail(ctx.db, ctx.session.siteId, input.id)),
  implement(p.productionDictCreate, async (input, ctx) => createLabelDict(ctx, input)),
  implement(p.productionDictUpdate, async (input, ctx) => updateLabelDict(ctx, input)),
  implement(p.productionDictDelete, async (input, ctx) => deleteLabelDict(ctx, input.id)),
  implement(p.productionDictItemsSave, async (input, ctx) => saveLabelDictItems(ctx, input)),
  implement(p.productionDictOptions, async (_input, ctx) => ({ list: await dictOptions(ctx.db, ctx.session.siteId) })),
];
