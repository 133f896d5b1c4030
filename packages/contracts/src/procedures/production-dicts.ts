import { z } from 'zod';
import { normaliseShortcut, ZShortcut } from '../annotation/template.ts';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Production dictionaries (`/production/dict`, module 9): an organisation's named label lists (vehicle types,
 * emotion classes...) that templates' tag groups take their labels from and the annotation tool fetches.
 */
export const LABEL_DICT_LIMITS = { name: 30, description: 200, value: 64, label: 64, items: 500 } as const;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZRequiredText = (max: number) => z.string().trim().min(1, 'validation.required').max(max, 'validation.too_long');

export const ZLabelDictName = ZRequiredText(LABEL_DICT_LIMITS.name);
export const ZLabelDictDescription = z.string().trim().max(LABEL_DICT_LIMITS.description, 'validation.too_long');
/** A colour as `#rrggbb`. */
export const ZLabelColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid_value');

/** One item as saved: value unique in the dictionary, shortcut (template format) unique too; order = array order. */
export const ZLabelDictItemInput = z.object({
  value: ZRequiredText(LABEL_DICT_LIMITS.value),
  label: ZRequiredText(LABEL_DICT_LIMITS.label),
  color: ZLabelColor,
  shortcut: ZShortcut.nullable().optional(),
  enabled: z.boolean().default(true),
});
export type TLabelDictItemInput = z.input<typeof ZLabelDictItemInput>;

export const DICT_ITEM_PROBLEM_CODES = ['dict_item_value_duplicate', 'dict_item_shortcut_duplicate'] as const;
export interface TDictItemProblem {
  code: (typeof DICT_ITEM_PROBLEM_CODES)[number];
  /** The 0-based index of the later of the two items. */
  index: number;
  /** The repeated value, or the repeated shortcut in its canonical form. */
  value: string;
}

/**
 * The rules across items (the server answers the first problem; the web editor shows them all): values are
 * unique (after trimming), shortcuts are unique whatever their case or modifier order.
 */
export function labelDictItemProblems(
  items: readonly { value: string; shortcut?: string | null }[],
): TDictItemProblem[] {
  const problems: TDictItemProblem[] = [];
  const values = new Set<string>();
  const shortcuts = new Set<string>();
  items.forEach((item, index) => {
    const value = item.value.trim();
    if (value && values.has(value)) problems.push({ code: 'dict_item_value_duplicate', index, value });
    values.add(value);
    const shortcut = item.shortcut ? normaliseShortcut(item.shortcut) : null;
    if (shortcut && shortcuts.has(shortcut))
      problems.push({ code: 'dict_item_shortcut_duplicate', index, value: shortcut });
    if (shortcut) shortcuts.add(shortcut);
  });
  return problems;
}

export const ZLabelDictRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Every item, enabled or not. */
  item_count: z.number().int(),
  updated_at: z.string(),
});
export type TLabelDictRow = z.infer<typeof ZLabelDictRow>;

export const ZLabelDictItem = z.object({
  id: z.number().int(),
  value: z.string(),
  label: z.string(),
  color: z.string(),
  /** Canonical form (lower case, modifiers in a fixed order), or null. */
  shortcut: z.string().nullable(),
  sort: z.number().int(),
  enabled: z.boolean(),
});
export type TLabelDictItem = z.infer<typeof ZLabelDictItem>;

export const ZLabelDictDetail = ZLabelDictRow.extend({
  created_at: z.string(),
  /** Items by sort. */
  items: z.array(ZLabelDictItem),
});
export type TLabelDictDetail = z.infer<typeof ZLabelDictDetail>;

export const ZLabelDictOption = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Enabled items by sort. */
  items: z.array(ZLabelDictItem.pick({ value: true, label: true, color: true, shortcut: true })),
});
export type TLabelDictOption = z.infer<typeof ZLabelDictOption>;

const NAME_NOTE = `Names are 1-${LABEL_DICT_LIMITS.name} characters, unique in the organisation (dict_name_taken).`;

export const productionDictProcedures = {
  productionDictList: procedure({
    path: '/production-dict/list',
    summary: "The organisation's label dictionaries, newest change first; the keyword searches names and descriptions.",
    input: ZListInput,
    output: listOutput(ZLabelDictRow),
  }),
  productionDictDetail: procedure({
    path: '/production-dict/detail',
    summary: 'One dictionary of the organisation with all its items by sort.',
    input: z.object({ id: ZId }),
    output: ZLabelDictDetail,
    tenantIds: { id: 'label_dict' },
  }),
  productionDictCreate: procedure({
    path: '/production-dict/create',
    summary: `A new, empty dictionary of the caller's organisation. ${NAME_NOTE}`,
    input: z.object({ name: ZLabelDictName, description: ZLabelDictDescription.default('') }),
    output: ZLabelDictDetail,
  }),
  productionDictUpdate: procedure({
    path: '/production-dict/update',
    summary: `Renames a dictionary or changes its description (absent fields stay). ${NAME_NOTE}`,
    input: z.object({ id: ZId, name: ZLabelDictName.optional(), description: ZLabelDictDescription.optional() }),
    output: ZLabelDictDetail,
    tenantIds: { id: 'label_dict' },
  }),
  productionDictDelete: procedure({
    path: '/production-dict/delete',
    summary: 'Deletes a dictionary with its items.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'label_dict' },
  }),
  productionDictItemsSave: procedure({
    path: '/production-dict/items-save',
    summary:
      `Replaces the items of a dictionary (at most ${LABEL_DICT_LIMITS.items}; sort follows the array order). ` +
      'Values must be unique (dict_item_value_duplicate) and so must shortcuts (dict_item_shortcut_duplicate); ' +
      'details carry the index of the later item and the repeated value. Items get new ids.',
    input: z.object({ id: ZId, items: z.array(ZLabelDictItemInput).max(LABEL_DICT_LIMITS.items) }),
    output: ZLabelDictDetail,
    tenantIds: { id: 'label_dict' },
  }),
  productionDictOptions: procedure({
    path: '/production-dict/options',
    summary: "The organisation's dictionaries by name with their enabled items, for template editors and the tool.",
    input: z.object({}),
    output: z.object({ list: z.array(ZLabelDictOption) }),
  }),
} as const;
