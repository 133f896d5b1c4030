import { builtInSetting, type TSettingRow, type TSettingValueType } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { AuthedContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { findSiteById } from '../iam/index.ts';
import { findSetting } from './settings.queries.ts';

export interface SettingFields {
  name: string;
  value: string;
  value_type: TSettingValueType;
  description: string;
}

const snapshot = (row: TSettingRow) => ({
  site_id: row.site_id,
  key: row.key,
  name: row.name,
  value: row.value,
  value_type: row.value_type,
  deletable: row.deletable,
  description: row.description,
});

function rethrowKeyTaken(error: unknown): never {
  if (uniqueViolation(error) !== null) throw new AppError('setting_key_taken');
  throw error;
}

/** A built-in key (platform row or an organisation's override) keeps its type, and a number stays in its bounds. */
function checkBuiltIn(key: string, input: { value: string; value_type: TSettingValueType }): void {
  const builtIn = builtInSetting(key);
  if (!builtIn) return;
  if (input.value_type !== builtIn.valueType) {
    throw new AppError('setting_type_fixed', { type: builtIn.valueType }, { fields: [{ field: 'value_type' }] });
  }
  const { min, max } = builtIn;
  const value = Number(input.value);
  if ((min !== undefined && value < min) || (max !== undefined && value > max)) {
    throw new AppError('setting_value_out_of_range', { min, max }, { fields: [{ field: 'value' }] });
  }
}

/** Settings feed /user/detail, which every instance caches: drop those answers everywhere. */
async function settingsChanged(ctx: AuthedContext): Promise<void> {
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
}

/** Adds an entry: a platform default (no site) or an organisation's override; the key is unique per scope. */
export async function createSetting(
  ctx: AuthedContext,
  input: SettingFields & { key: string; deletable: boolean; site_id: number | null },
): Promise<TSettingRow> {
  if (input.site_id !== null && !(await findSiteById(ctx.db, input.site_id))) throw new AppError('not_found');
  checkBuiltIn(input.key, input);
  const id = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(schema.settings)
        .values({
          siteId: input.site_id,
          name: input.name,
          key: input.key,
          value: input.value,
          valueType: input.value_type,
          deletable: input.deletable,
          description: input.description,
        })
        .returning({ id: schema.settings.id });
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId: ctx.session.userId,
        action: 'setting_create',
        targetType: 'setting',
        targetId: row!.id,
        details: {
          after: { site_id: input.site_id, key: input.key, value: input.value, value_type: input.value_type },
        },
        ip: ctx.ip,
      });
      return row!.id;
    })
    .catch(rethrowKeyTaken);
  await settingsChanged(ctx);
  return (await findSetting(ctx.db, id, ctx.lang))!;
}

/** Changes name, value, type and description; key, scope and the deletable flag stay. */
export async function updateSetting(ctx: AuthedContext, input: SettingFields & { id: number }): Promise<TSettingRow> {
  await ctx.db.transaction(async (tx) => {
    const before = await findSetting(tx, input.id);
    if (!before) throw new AppError('not_found');
    checkBuiltIn(before.key, input);
    await tx
      .update(schema.settings)
      .set({ name: input.name, value: input.value, valueType: input.value_type, description: input.description })
      .where(eq(schema.settings.id, input.id));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'setting_update',
      targetType: 'setting',
      targetId: input.id,
      details: { before: snapshot(before), after: snapshot({ ...before, ...input }) },
      ip: ctx.ip,
    });
  });
  await settingsChanged(ctx);
  return (await findSetting(ctx.db, input.id, ctx.lang))!;
}

/** Deletes a deletable entry; built-in ones answer setting_not_deletable. */
export async function deleteSetting(ctx: AuthedContext, id: number): Promise<{ ok: true }> {
  await ctx.db.transaction(async (tx) => {
    const before = await findSetting(tx, id);
    if (!before) throw new AppError('not_found');
    if (!before.deletable) throw new AppError('setting_not_deletable');
    await tx.delete(schema.settings).where(eq(schema.settings.id, id));
    await recordAudit(tx, {
      siteId: ctx.session.siteId,
      userId: ctx.session.userId,
      action: 'setting_delete',
      targetType: 'setting',
      targetId: id,
      details: { before: snapshot(before) },
      ip: ctx.ip,
    });
  });
  await settingsChanged(ctx);
  return { ok: true };
}
