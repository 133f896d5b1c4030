import type { TLabelDictItem, TLabelDictItemInput } from '@app/contracts';
import { labelDictItemProblems, ZLabelDictItemInput } from '@app/contracts/procedures/production-dicts.ts';

/** One row of the items editor; `key` keeps React rows stable while they move. */
export interface ItemRow {
  key: string;
  value: string;
  label: string;
  color: string;
  shortcut: string;
  enabled: boolean;
}
export type ItemField = 'value' | 'label' | 'color' | 'shortcut';
export const ITEM_FIELDS: readonly ItemField[] = ['value', 'label', 'color', 'shortcut'];

/**
 * A problem of one cell: an i18n key (`validation:...` or `production-dicts:...`) with its parameters, or the
 * server's text in the user's language.
 */
export type CellProblem = { key: string; params?: Record<string, unknown> } | { text: string };
/** Problems by row key, then by field. */
export type RowProblems = Record<string, Partial<Record<ItemField, CellProblem>>>;

let nextKey = 0;
export const newRowKey = () => `row-${++nextKey}`;

export const PRESET_COLORS = ['#f5222d', '#fa8c16', '#fadb14', '#52c41a', '#13c2c2', '#1677ff', '#722ed1', '#eb2f96'];

export function rowsOf(items: readonly TLabelDictItem[]): ItemRow[] {
  return items.map((item) => ({
    key: newRowKey(),
    value: item.value,
    label: item.label,
    color: item.color,
    shortcut: item.shortcut ?? '',
    enabled: item.enabled,
  }));
}

export function emptyRow(index: number): ItemRow {
  return {
    key: newRowKey(),
    value: '',
    label: '',
    color: PRESET_COLORS[index % PRESET_COLORS.length]!,
    shortcut: '',
    enabled: true,
  };
}

/** The rows as `/production-dict/items-save` takes them (an empty shortcut is none). */
export function inputOf(rows: readonly ItemRow[]): TLabelDictItemInput[] {
  return rows.map((row) => ({
    value: row.value.trim(),
    label: row.label.trim(),
    color: row.color,
    shortcut: row.shortcut.trim() || null,
    enabled: row.enabled,
  }));
}

function add(problems: RowProblems, row: ItemRow, field: ItemField, problem: CellProblem) {
  const cells = problems[row.key] ?? {};
  cells[field] ??= problem;
  problems[row.key] = cells;
}

/** The contract's rules run in the browser: each cell's own rule, then repeated values and shortcuts. */
export function rowProblems(rows: readonly ItemRow[]): RowProblems {
  const problems: RowProblems = {};
  const input = inputOf(rows);
  input.forEach((item, index) => {
    const parsed = ZLabelDictItemInput.safeParse(item);
    if (parsed.success) return;
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ItemField;
      if (!ITEM_FIELDS.includes(field)) continue;
      const key = issue.message.startsWith('validation.')
        ? issue.message.replace('.', ':')
        : 'validation:invalid_value';
      add(problems, rows[index]!, field, { key });
    }
  });
  for (const problem of labelDictItemProblems(input)) {
    const field = problem.code === 'dict_item_value_duplicate' ? 'value' : 'shortcut';
    add(problems, rows[problem.index]!, field, {
      key: `production-dicts:${problem.code}`,
      params: { value: problem.value },
    });
  }
  return problems;
}

/** Moves the row at `from` by `delta` places (nothing when it would leave the list). */
export function moveRow(rows: readonly ItemRow[], from: number, delta: -1 | 1): ItemRow[] {
  const to = from + delta;
  if (to < 0 || to >= rows.length) return [...rows];
  const next = [...rows];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** Cell problems from a refused save: a repeated value or shortcut names a row, `invalid_input` names fields. */
export function serverProblems(rows: readonly ItemRow[], code: string, details: unknown, message: string): RowProblems {
  const problems: RowProblems = {};
  if (code === 'dict_item_value_duplicate' || code === 'dict_item_shortcut_duplicate') {
    const index = (details as { index?: number } | undefined)?.index;
    const row = index === undefined ? undefined : rows[index];
    if (row) add(problems, row, code === 'dict_item_value_duplicate' ? 'value' : 'shortcut', { text: message });
  }
  if (code === 'invalid_input') {
    const fields = (details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
    for (const f of fields) {
      const [, index, field] = f.field.split('.');
      const row = rows[Number(index)];
      if (row && ITEM_FIELDS.includes(field as ItemField)) add(problems, row, field as ItemField, { text: f.message });
    }
  }
  return problems;
}
