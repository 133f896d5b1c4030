import { randomBytes } from 'node:crypto';
import { CDKEY_ALPHABET, CDKEY_LIMITS } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { batchDetail } from './cdkeys.queries.ts';

/** The largest multiple of the alphabet's size below 256: bytes at or above it are drawn again (no bias). */
const LIMIT = 256 - (256 % CDKEY_ALPHABET.length);

/** One code: crypto random, `CDKEY_LIMITS.codeLength` characters of the unambiguous alphabet. */
export function generateCode(): string {
  let code = '';
  while (code.length < CDKEY_LIMITS.codeLength) {
    for (const byte of randomBytes(CDKEY_LIMITS.codeLength * 2)) {
      if (byte >= LIMIT) continue;
      code += CDKEY_ALPHABET[byte % CDKEY_ALPHABET.length];
      if (code.length === CDKEY_LIMITS.codeLength) break;
    }
  }
  return code;
}

const CHUNK = 2000;

/** Inserts `count` fresh codes; a code that collides with an existing one is simply drawn again. */
async function insertCodes(tx: Executor, siteId: number, batchId: number, count: number): Promise<void> {
  let missing = count;
  for (let attempt = 0; missing > 0; attempt++) {
    if (attempt > 20) throw new AppError('internal_error');
    const size = Math.min(missing, CHUNK);
    const codes = new Set<string>();
    while (codes.size < size) codes.add(generateCode());
    const inserted = await tx
      .insert(schema.cdkeys)
      .values([...codes].map((code) => ({ siteId, batchId, code })))
      .onConflictDoNothing({ target: schema.cdkeys.code })
      .returning({ id: schema.cdkeys.id });
    missing -= inserted.length;
  }
}

async function loadCategory(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select({ id: schema.questionCategories.id, parentId: schema.questionCategories.parentId })
    .from(schema.questionCategories)
    .where(and(eq(schema.questionCategories.siteId, siteId), eq(schema.questionCategories.id, id)));
  if (!row) throw new AppError('not_found');
  return row;
}

export interface CdkeyBatchInput {
  name: string;
  category_id: number;
  sub_category_id: number | null;
  unit_price: number;
  count: number;
  valid_from: string;
  valid_until: string;
}

/**
 * `/dataset-cdkey/create`: the batch and its codes in one transaction. The category must be a first-level one and
 * the sub-category one of its children (category_parent_wrong otherwise).
 */
export async function createCdkeyBatch(ctx: TenantContext, input: CdkeyBatchInput) {
  const { siteId, userId } = ctx.session;
  const category = await loadCategory(ctx.db, siteId, input.category_id);
  const sub = input.sub_category_id === null ? null : await loadCategory(ctx.db, siteId, input.sub_category_id);
  if (category.parentId !== null) throw new AppError('category_parent_wrong', { field: 'category_id' });
  if (sub && sub.parentId !== category.id) throw new AppError('category_parent_wrong', { field: 'sub_category_id' });
  const id = await ctx.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(schema.cdkeyBatches)
      .values({
        siteId,
        name: input.name,
        categoryId: category.id,
        subCategoryId: sub?.id ?? null,
        unitPriceCents: Math.round(input.unit_price * 100),
        count: input.count,
        validFrom: new Date(input.valid_from),
        validUntil: new Date(input.valid_until),
        createdBy: userId,
      })
      .returning({ id: schema.cdkeyBatches.id });
    await insertCodes(tx, siteId, batch!.id, input.count);
    await recordAudit(tx, {
      siteId,
      userId,
      action: 'cdkey_batch_create',
      targetType: 'cdkey_batch',
      targetId: batch!.id,
      details: { before: null, after: { ...input } },
      ip: ctx.ip,
    });
    return batch!.id;
  });
  return batchDetail(ctx.db, siteId, id);
}
