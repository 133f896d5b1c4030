import type { TTeachingSourceUpload } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { teachingSourceUploads, teachingSourceUploadParts } = schema;
export type UploadRecord = typeof teachingSourceUploads.$inferSelect;

/** An unfinished upload of the organisation by this user (uploads are their uploader's alone), else not_found. */
export async function loadUpload(
  db: Executor,
  siteId: number,
  userId: number,
  id: number,
  lock = false,
): Promise<UploadRecord> {
  const query = db
    .select()
    .from(teachingSourceUploads)
    .where(
      and(
        eq(teachingSourceUploads.siteId, siteId),
        eq(teachingSourceUploads.ownerId, userId),
        eq(teachingSourceUploads.id, id),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** The parts received so far, in order. */
export function receivedParts(db: Executor, uploadId: number): Promise<{ seq: number; size: number }[]> {
  return db
    .select({ seq: teachingSourceUploadParts.seq, size: teachingSourceUploadParts.size })
    .from(teachingSourceUploadParts)
    .where(eq(teachingSourceUploadParts.uploadId, uploadId))
    .orderBy(asc(teachingSourceUploadParts.seq));
}

/** How many parts the file is cut into. */
export const partCountOf = (upload: Pick<UploadRecord, 'size' | 'partSize'>) =>
  Math.max(1, Math.ceil(upload.size / upload.partSize));

/** The bytes part `seq` must have: `part_size`, the last one the remainder. */
export function partBytes(upload: Pick<UploadRecord, 'size' | 'partSize'>, seq: number): number {
  const count = partCountOf(upload);
  return seq < count - 1 ? upload.partSize : upload.size - upload.partSize * (count - 1);
}

/** The parts not received yet (or received with another size), in order. */
export function missingParts(
  upload: Pick<UploadRecord, 'size' | 'partSize'>,
  parts: readonly { seq: number; size: number }[],
): number[] {
  const sizes = new Map(parts.map((part) => [part.seq, part.size]));
  const missing: number[] = [];
  for (let seq = 0; seq < partCountOf(upload); seq += 1) {
    if (sizes.get(seq) !== partBytes(upload, seq)) missing.push(seq);
  }
  return missing;
}

/** The upload as the API answers it. */
export async function uploadAnswer(db: Executor, upload: UploadRecord): Promise<TTeachingSourceUpload> {
  const parts = await receivedParts(db, upload.id);
  return {
    upload_id: upload.id,
    part_size: upload.partSize,
    part_count: partCountOf(upload),
    received: parts.map((part) => part.seq),
  };
}
