import { type Executor, schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { dataItems } = schema;

/** The organisation's data item (kind and stored file), or `not_found`. */
export async function waveformItem(db: Executor, siteId: number, itemId: number) {
  const [row] = await db
    .select({ id: dataItems.id, kind: dataItems.kind, filePath: dataItems.filePath })
    .from(dataItems)
    .where(and(eq(dataItems.id, itemId), eq(dataItems.siteId, siteId)));
  if (!row) throw new AppError('not_found');
  return row;
}
