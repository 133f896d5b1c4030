/** Paged lists: one page of rows plus the count of all matching rows. */

export interface PageInput {
  /** 1-based page number. */
  page: number;
  pageSize: number;
}

/** Rows to skip before the requested page. */
export function pageOffset(input: PageInput): number {
  return (input.page - 1) * input.pageSize;
}

/**
 * Runs a page query and its count query (one row with `n`) together. Both are awaited with Promise.all, so a failure
 * of either is handled: a query started eagerly and awaited after another one failed would reject unhandled, which
 * ends a Node process.
 */
export async function pageWithTotal<Row>(
  rows: PromiseLike<Row[]>,
  counted: PromiseLike<{ n: number | string }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const [page, [count]] = await Promise.all([rows, counted]);
  return { rows: page, total: Number(count?.n ?? 0) };
}
