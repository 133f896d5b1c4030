import type { TInitialNode } from '@app/contracts';

/** One row of the indented list of `/dataset/mapCreate`: its depth says who its parent is. */
export interface InitialNodeRow {
  key: number;
  level: number;
  code: string;
  name: string;
  importance: number;
}

export type RowProblem = 'code_required' | 'code_invalid' | 'code_repeated' | 'name_required';

const CODE = /^[\w.-]+$/;

/** A row may be at most one level deeper than the row above it (the first row is at level 0). */
export function maxLevel(rows: readonly InitialNodeRow[], index: number): number {
  return index === 0 ? 0 : rows[index - 1]!.level + 1;
}

/** Indents (+1) or outdents (-1) a row, keeping every row within one level of the row above. */
export function shiftRow(rows: readonly InitialNodeRow[], index: number, by: 1 | -1): InitialNodeRow[] {
  const next = rows.map((row) => ({ ...row }));
  const row = next[index]!;
  row.level = Math.max(0, Math.min(maxLevel(next, index), row.level + by));
  for (let i = index + 1; i < next.length; i++) next[i]!.level = Math.min(next[i]!.level, maxLevel(next, i));
  return next;
}

/** Removes a row; its children move up to stay under the row above. */
export function removeRow(rows: readonly InitialNodeRow[], index: number): InitialNodeRow[] {
  const next = rows.filter((_, i) => i !== index).map((row) => ({ ...row }));
  for (let i = 0; i < next.length; i++) next[i]!.level = Math.min(next[i]!.level, maxLevel(next, i));
  return next;
}

/** What is wrong with each row (the same rules as the server: codes required, well-formed and unique). */
export function rowProblems(rows: readonly InitialNodeRow[]): Map<number, RowProblem> {
  const problems = new Map<number, RowProblem>();
  const seen = new Set<string>();
  for (const row of rows) {
    const code = row.code.trim();
    if (!code) problems.set(row.key, 'code_required');
    else if (!CODE.test(code)) problems.set(row.key, 'code_invalid');
    else if (seen.has(code)) problems.set(row.key, 'code_repeated');
    else if (!row.name.trim()) problems.set(row.key, 'name_required');
    seen.add(code);
  }
  return problems;
}

/** The rows as `/dataset-map/create` takes them: each row's parent is the nearest row above at one level less. */
export function rowsToInitialNodes(rows: readonly InitialNodeRow[]): TInitialNode[] {
  const stack: string[] = [];
  return rows.map((row, index) => {
    const code = row.code.trim();
    stack.length = row.level;
    const parent = row.level > 0 ? (stack[row.level - 1] ?? null) : null;
    stack[row.level] = code;
    return { code, name: row.name.trim(), importance: row.importance, parent_code: parent, sort: index };
  });
}
