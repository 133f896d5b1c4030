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
 * Runs a page query, then its count query (one row with `n`). Drizzle queries start when awaited, so they run one
 * after the other: the executor may be a transaction's single connection.
 */
export async function pageWithTotal<Row>(
  rows: PromiseLike<Row[]>,
  counted: PromiseLike<{ n: number | string }[]>,
): Promise<{ rows: Row[]; total: number }> {
  const page = await rows;
  const [count] = await counted;
  return { rows: page, total: Number(count?.n ?? 0) };
}
