import { settingProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import {
  createDict,
  createDictItem,
  deleteDict,
  deleteDictItem,
  updateDict,
  updateDictItem,
} from './dict-writes.service.ts';
import { dictItemsOf, findDict, listDicts, optionsOf } from './dicts.queries.ts';
import { createSetting, deleteSetting, updateSetting } from './setting-writes.service.ts';
import { listSettings } from './settings.queries.ts';

/** Settings and dictionaries (module 11): platform administration, plus dictionary options for every user. */
export const settingImplementations = [
  implement(p.settingList, async (input, ctx) => {
    const { rows, total } = await listSettings(ctx.db, input, ctx.lang);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.settingCreate, async (input, ctx) => createSetting(ctx, input)),
  implement(p.settingUpdate, async (input, ctx) => updateSetting(ctx, input)),
  implement(p.settingDelete, async (input, ctx) => deleteSetting(ctx, input.id)),
  implement(p.dictList, async (input, ctx) => {
    const { rows, total } = await listDicts(ctx.db, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.dictDetail, async (input, ctx) => {
    const dict = await findDict(ctx.db, input.id);
    if (!dict) throw new AppError('not_found');
    return { ...dict, items: await dictItemsOf(ctx.db, input.id) };
  }),
  implement(p.dictCreate, async (input, ctx) => createDict(ctx, input)),
  implement(p.dictUpdate, async (input, ctx) => updateDict(ctx, input)),
  implement(p.dictDelete, async (input, ctx) => deleteDict(ctx, input.id)),
  implement(p.dictItemCreate, async (input, ctx) => createDictItem(ctx, input)),
  implement(p.dictItemUpdate, async (input, ctx) => updateDictItem(ctx, input)),
  implement(p.dictItemDelete, async (input, ctx) => deleteDictItem(ctx, input.id)),
  implement(p.dictItems, async (input, ctx) => {
    const items = await optionsOf(ctx.db, input.key, ctx.lang);
    if (!items) throw new AppError('not_found');
    return { key: input.key, items };
  }),
];
