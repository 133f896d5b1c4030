import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/** Types a setting's value can have; the value (always stored as text) is checked against it. */
export const SETTING_VALUE_TYPES = ['string', 'number', 'boolean', 'json'] as const;
export type TSettingValueType = (typeof SETTING_VALUE_TYPES)[number];

/** Whether a value fits its type: numbers are finite decimals, booleans '0' or '1' (the switches), json parses. */
export function settingValueFits(value: string, type: TSettingValueType): boolean {
  if (type === 'number') return /^-?\d+(\.\d+)?$/.test(value.trim());
  if (type === 'boolean') return value === '0' || value === '1';
  if (type === 'json') {
    try {
      JSON.parse(value);
      return true;
    } catch {
      return false;
    }
  }
  return true;
}

const ZId = z.number().int().positive();
const ZKey = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'validation.setting_key_format');
const ZName = z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long');
const ZDescription = z.string().trim().max(255, 'validation.too_long').default('');
const ZValueType = z.enum(SETTING_VALUE_TYPES);
const VALUE_ISSUE = { path: ['value'], message: 'validation.setting_value_type' };
const valueFits = (input: { value: string; value_type: TSettingValueType }) =>
  settingValueFits(input.value, input.value_type);

export const ZSettingRow = z.object({
  id: z.number().int(),
  /** Null: the platform default; otherwise the organisation whose value overrides it. */
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  name: z.string(),
  key: z.string(),
  value: z.string(),
  value_type: ZValueType,
  deletable: z.boolean(),
  description: z.string(),
});
export type TSettingRow = z.infer<typeof ZSettingRow>;

const settingFields = {
  name: ZName,
  value: z.string().max(10_000, 'validation.too_long'),
  value_type: ZValueType,
  description: ZDescription,
};

export const ZSettingCreateInput = z
  .object({
    ...settingFields,
    key: ZKey,
    deletable: z.boolean().default(true),
    site_id: ZId.nullable().default(null),
  })
  .refine(valueFits, VALUE_ISSUE);
export const ZSettingUpdateInput = z.object({ id: ZId, ...settingFields }).refine(valueFits, VALUE_ISSUE);

export const ZDictRow = z.object({
  id: z.number().int(),
  key: z.string(),
  name: z.string(),
  description: z.string(),
  item_count: z.number().int(),
  created_at: z.string(),
});
export const ZDictItem = z.object({
  id: z.number().int(),
  dict_id: z.number().int(),
  value: z.string(),
  label_zh: z.string(),
  label_en: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type TDictItem = z.infer<typeof ZDictItem>;
const dictFields = { name: ZName, description: ZDescription };
const ZLabel = z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long');
const itemFields = {
  value: z.string().trim().min(1, 'validation.required').max(64, 'validation.too_long'),
  label_zh: ZLabel,
  label_en: ZLabel,
  sort: z.number().int().min(-100_000).max(100_000).default(0),
  enabled: z.boolean().default(true),
};
const OK = z.object({ ok: z.literal(true) });

export const settingProcedures = {
  settingList: procedure({
    path: '/setting/list',
    platform: true,
    summary:
      'Setting entries, platform defaults first (by key), then organisations’ overrides; the keyword searches ' +
      'name, key and description; site_id null picks the platform defaults, an id that organisation’s rows. ' +
      'Settings of modules this deployment does not have yet (HIDDEN_SETTING_KEYS) are left out.',
    input: ZListInput.extend({ site_id: ZId.nullable().optional() }),
    output: listOutput(ZSettingRow),
  }),
  settingCreate: procedure({
    path: '/setting/create',
    platform: true,
    summary:
      'Adds a setting entry (no site_id: a platform default; a site_id: that organisation’s override). The key ' +
      'is letters, digits and underscores, unique per scope (setting_key_taken); the value must fit its type. ' +
      'A built-in key keeps its type (setting_type_fixed) and its bounds (setting_value_out_of_range).',
    input: ZSettingCreateInput,
    output: ZSettingRow,
  }),
  settingUpdate: procedure({
    path: '/setting/update',
    platform: true,
    summary:
      'Changes an entry’s name, value, value type and description (key, scope and deletable flag stay). ' +
      'A built-in key keeps its type and bounds, as on create. Signed-in users see the new value at once.',
    input: ZSettingUpdateInput,
    output: ZSettingRow,
  }),
  settingDelete: procedure({
    path: '/setting/delete',
    platform: true,
    summary: 'Deletes a deletable entry; a built-in one answers setting_not_deletable.',
    input: z.object({ id: ZId }),
    output: OK,
  }),
  dictList: procedure({
    path: '/dict/list',
    platform: true,
    summary: 'Dictionaries by key with their item counts; the keyword searches key, name and description.',
    input: ZListInput,
    output: listOutput(ZDictRow),
  }),
  dictDetail: procedure({
    path: '/dict/detail',
    platform: true,
    summary: 'One dictionary with all its items (enabled or not), by sort then id.',
    input: z.object({ id: ZId }),
    output: ZDictRow.extend({ items: z.array(ZDictItem) }),
  }),
  dictCreate: procedure({
    path: '/dict/create',
    platform: true,
    summary: 'Adds a dictionary; the key (letters, digits, underscores) is unique (dict_key_taken).',
    input: z.object({ key: ZKey, ...dictFields }),
    output: ZDictRow,
  }),
  dictUpdate: procedure({
    path: '/dict/update',
    platform: true,
    summary: 'Renames a dictionary or changes its description (the key stays: modules name it).',
    input: z.object({ id: ZId, ...dictFields }),
    output: ZDictRow,
  }),
  dictDelete: procedure({
    path: '/dict/delete',
    platform: true,
    summary: 'Deletes a dictionary with its items.',
    input: z.object({ id: ZId }),
    output: OK,
  }),
  dictItemCreate: procedure({
    path: '/dict/item-create',
    platform: true,
    summary: 'Adds an item to a dictionary; its value is unique in the dictionary (dict_value_taken).',
    input: z.object({ dict_id: ZId, ...itemFields }),
    output: ZDictItem,
  }),
  dictItemUpdate: procedure({
    path: '/dict/item-update',
    platform: true,
    summary: 'Changes an item’s value, labels, sort and enabled flag.',
    input: z.object({ id: ZId, ...itemFields }),
    output: ZDictItem,
  }),
  dictItemDelete: procedure({
    path: '/dict/item-delete',
    platform: true,
    summary: 'Deletes an item.',
    input: z.object({ id: ZId }),
    output: OK,
  }),
  dictItems: procedure({
    path: '/dict/items',
    access: 'authenticated',
    summary:
      'The enabled items of a dictionary by its key, for selects: value and label in the caller’s language. ' +
      'An unknown key answers not_found.',
    input: z.object({ key: ZKey }),
    output: z.object({ key: z.string(), items: z.array(z.object({ value: z.string(), label: z.string() })) }),
  }),
} as const;
