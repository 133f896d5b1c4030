import { z } from 'zod';

export const PAGE_SIZES = [10, 20, 50, 100] as const;

/**
 * The largest value of a PostgreSQL `integer` column. Every integer of an input that is not a record id (ids are
 * `bigint`) is bounded by it or less, so no value the contract accepts overflows its column (a test checks).
 */
export const INT32_MAX = 2_147_483_647;

/** A record id sent as a multipart form field (upload procedures send their fields as text). */
export const ZFormId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** The paging part every list procedure takes. */
export const ZListInput = z.object({
  page: z.number().int().min(1).max(INT32_MAX).default(1),
  pageSize: z.union([z.literal(10), z.literal(20), z.literal(50), z.literal(100)]).default(10),
  keyword: z.string().max(100).optional(),
});
export type TListInput = z.infer<typeof ZListInput>;

/** The shape every list procedure returns. */
export function listOutput<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}
