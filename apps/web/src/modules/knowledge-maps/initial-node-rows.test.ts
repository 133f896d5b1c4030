import { describe, expect, it } from 'vitest';
import { type InitialNodeRow, removeRow, rowProblems, rowsToInitialNodes, shiftRow } from './initial-node-rows.ts';

const row = (key: number, level: number, code: string, name = code): InitialNodeRow => ({
  key,
  level,
  code,
  name,
  importance: 3,
});

describe('initial node rows', () => {
  it('names each row the parent above it at one level less', () => {
    const nodes = rowsToInitialNodes([
      row(1, 0, 'A'),
      row(2, 1, 'A1'),
      row(3, 2, 'A1a'),
      row(4, 1, 'A2'),
      row(5, 0, 'B'),
    ]);
    expect(nodes.map((n) => [n.code, n.parent_code])).toEqual([
      ['A', null],
      ['A1', 'A'],
      ['A1a', 'A1'],
      ['A2', 'A'],
      ['B', null],
    ]);
  });

  it('indents at most one level below the row above, and outdents the rows that would float', () => {
    const rows = [row(1, 0, 'A'), row(2, 0, 'B'), row(3, 0, 'C')];
    expect(shiftRow(rows, 0, 1)[0]!.level).toBe(0);
    const indented = shiftRow(shiftRow(rows, 1, 1), 1, 1);
    expect(indented.map((r) => r.level)).toEqual([0, 1, 0]);
    const deeper = shiftRow(shiftRow(indented, 2, 1), 2, 1);
    expect(deeper.map((r) => r.level)).toEqual([0, 1, 2]);
    expect(shiftRow(deeper, 1, -1).map((r) => r.level)).toEqual([0, 0, 1]);
    expect(removeRow(deeper, 0).map((r) => r.level)).toEqual([0, 1]);
  });

  it('reports missing, malformed and repeated codes and missing names', () => {
    const problems = rowProblems([
      row(1, 0, ''),
      row(2, 0, 'a b'),
      row(3, 0, 'X'),
      row(4, 0, 'X'),
      row(5, 0, 'Y', ' '),
    ]);
    expect([...problems.entries()]).toEqual([
      [1, 'code_required'],
      [2, 'code_invalid'],
      [4, 'code_repeated'],
      [5, 'name_required'],
    ]);
  });
});
