import { describe, expect, it } from 'vitest';
import { emptyRow, type ItemRow, inputOf, moveRow, rowProblems, serverProblems } from './dict-item-rows.ts';

const row = (value: string, extra: Partial<ItemRow> = {}): ItemRow => ({
  ...emptyRow(0),
  value,
  label: `L-${value}`,
  ...extra,
});

describe('dictionary items editor helpers', () => {
  it('sends trimmed rows with an empty shortcut as none', () => {
    expect(inputOf([row(' a ', { shortcut: ' ' })])).toEqual([
      { value: 'a', label: 'L- a', color: '#f5222d', shortcut: null, enabled: true },
    ]);
  });

  it('mirrors the server: required cells, colours, shortcut format, repeated values and shortcuts', () => {
    const rows = [
      row('a', { shortcut: 'Ctrl+Shift+X' }),
      row('a', { shortcut: 'x+ctrl' }),
      row('b', { shortcut: 'shift+ctrl+x', label: '' }),
      row('', { color: 'red' }),
    ];
    const problems = rowProblems(rows);
    expect(problems[rows[0]!.key]).toBeUndefined();
    expect(problems[rows[1]!.key]).toMatchObject({
      value: { key: 'production-dicts:dict_item_value_duplicate', params: { value: 'a' } },
      shortcut: { key: 'validation:invalid_value' },
    });
    expect(problems[rows[2]!.key]).toMatchObject({
      label: { key: 'validation:required' },
      shortcut: { key: 'production-dicts:dict_item_shortcut_duplicate', params: { value: 'ctrl+shift+x' } },
    });
    expect(problems[rows[3]!.key]).toMatchObject({
      value: { key: 'validation:required' },
      color: { key: 'validation:invalid_value' },
    });
  });

  it('moves rows up and down within the list', () => {
    const rows = [row('a'), row('b'), row('c')];
    expect(moveRow(rows, 0, 1).map((r) => r.value)).toEqual(['b', 'a', 'c']);
    expect(moveRow(rows, 2, -1).map((r) => r.value)).toEqual(['a', 'c', 'b']);
    expect(moveRow(rows, 0, -1).map((r) => r.value)).toEqual(['a', 'b', 'c']);
  });

  it("places the server's refusals on the rows they name", () => {
    const rows = [row('a'), row('b')];
    expect(serverProblems(rows, 'dict_item_value_duplicate', { index: 1, value: 'a' }, 'repeated')).toEqual({
      [rows[1]!.key]: { value: { text: 'repeated' } },
    });
    const invalid = { fields: [{ field: 'items.0.color', message: 'bad colour' }] };
    expect(serverProblems(rows, 'invalid_input', invalid, 'x')).toEqual({
      [rows[0]!.key]: { color: { text: 'bad colour' } },
    });
    expect(serverProblems(rows, 'not_found', undefined, 'x')).toEqual({});
  });
});
