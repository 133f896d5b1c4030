/**
 * Rows grouped by a key, in their order within each group (and groups in the order their first row came):
 * `groupRows(rows, (r) => r.taskId)`, or with `pick` the part of each row to keep.
 */
export function groupRows<R, K, T = R>(
  rows: readonly R[],
  key: (row: R) => K,
  pick: (row: R) => T = (row) => row as unknown as T,
): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const row of rows) {
    const group = groups.get(key(row));
    if (group) group.push(pick(row));
    else groups.set(key(row), [pick(row)]);
  }
  return groups;
}
