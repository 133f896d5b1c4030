import type { TAuditAction, TAuditTargetType, TDictItem } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { findDict, findItem } from './dicts.queries.ts';

const { dicts, dictItems } = schema;

interface DictFields {
  name: string;
  description: string;
}
interface ItemFields {
  value: string;
  label_zh: string;
  label_en: string;
  sort: number;
  enabled: boolean;
}

function rethrowTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'dict_items_value') throw new AppError('dict_value_taken');
  if (constraint !== null) throw new AppError('dict_key_taken');
  throw error;
}

function audit(
  ctx: AuthedContext,
  action: TAuditAction,
  targetType: TAuditTargetType,
  targetId: number,
  details: object,
) {
  return {
    siteId: ctx.session.siteId,
    userId: ctx.session.userId,
    action,
    targetType,
    targetId,
    details: details as Record<string, unknown>,
    ip: ctx.ip,
  };
}

export async function createDict(ctx: AuthedContext, input: DictFields & { key: string }) {
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx.insert(dicts).values(input).returning({ id: dicts.id });
      await recordAudit(tx, audit(ctx, 'dict_create', 'dict', row!.id, { after: input }));
      return row!.id;
    })
    .catch(rethrowTaken);
  return (await findDict(ctx.db, id))!;
}

export async function updateDict(ctx: AuthedContext, input: DictFields & { id: number }) {
  await ctx.db.transaction(async (tx) => {
    const before = await findDict(tx, input.id);
    if (!before) throw new AppError('not_found');
    await tx.update(dicts).set({ name: input.name, description: input.description }).where(eq(dicts.id, input.id));
    const pick = (d: DictFields) => ({ name: d.name, description: d.description });
    await recordAudit(tx, audit(ctx, 'dict_update', 'dict', input.id, { before: pick(before), after: pick(input) }));
  });
  return (await findDict(ctx.db, input.id))!;
}

export async function deleteDict(ctx: AuthedContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findDict(tx, id);
    if (!before) throw new AppError('not_found');
    await tx.delete(dicts).where(eq(dicts.id, id));
    await recordAudit(tx, audit(ctx, 'dict_delete', 'dict', id, { before }));
  });
  return { ok: true as const };
}

const itemValues = (input: ItemFields) => ({
  value: input.value,
  labelZh: input.label_zh,
  labelEn: input.label_en,
  sort: input.sort,
  enabled: input.enabled,
});

export async function createDictItem(ctx: AuthedContext, input: ItemFields & { dict_id: number }): Promise<TDictItem> {
  const id = await ctx.db
    .transaction(async (tx) => {
      if (!(await findDict(tx, input.dict_id))) throw new AppError('not_found');
      const [row] = await tx
        .insert(dictItems)
        .values({ dictId: input.dict_id, ...itemValues(input) })
        .returning({ id: dictItems.id });
      await recordAudit(tx, audit(ctx, 'dict_item_create', 'dict_item', row!.id, { after: input }));
      return row!.id;
    })
    .catch(rethrowTaken);
  return (await findItem(ctx.db, id))!;
}

export async function updateDictItem(ctx: AuthedContext, input: ItemFields & { id: number }): Promise<TDictItem> {
  await ctx.db
    .transaction(async (tx) => {
      const before = await findItem(tx, input.id);
      if (!before) throw new AppError('not_found');
      await tx.update(dictItems).set(itemValues(input)).where(eq(dictItems.id, input.id));
      await recordAudit(
        tx,
        audit(ctx, 'dict_item_update', 'dict_item', input.id, { before, after: { ...before, ...input } }),
      );
    })
    .catch(rethrowTaken);
  return (await findItem(ctx.db, input.id))!;
}

export async function deleteDictItem(ctx: AuthedContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    const before = await findItem(tx, id);
    if (!before) throw new AppError('not_found');
    await tx.delete(dictItems).where(eq(dictItems.id, id));
    await recordAudit(tx, audit(ctx, 'dict_item_delete', 'dict_item', id, { before }));
  });
  return { ok: true as const };
}
