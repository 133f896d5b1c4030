import type { TTeachingSourceUpload } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { partKey } from './source-files.ts';
import { loadUpload, partBytes, partCountOf, uploadAnswer } from './source-uploads.queries.ts';

const { teachingSourceUploads, teachingSourceUploadParts } = schema;

/**
 * Removes a part that turned out wrong, file and row: a part sent again replaces the earlier one in place, so a wrong
 * resend leaves that part missing (the client sends it once more).
 */
async function dropPart(ctx: TenantContext, uploadId: number, seq: number) {
  await ctx.deps.storage.remove([partKey(uploadId, seq)]);
  await ctx.db
    .delete(teachingSourceUploadParts)
    .where(and(eq(teachingSourceUploadParts.uploadId, uploadId), eq(teachingSourceUploadParts.seq, seq)));
}

/**
 * `/dataset-source/upload-part`: stores part `seq` of the caller's upload under `source-uploads/<id>/<seq>`. It must
 * have exactly `part_size` bytes, the last part the rest of the file (`teaching_source_part_wrong` otherwise, and
 * nothing of that part is kept). Sending a part again replaces it. Records the part and touches the upload (the
 * sweeper removes uploads idle for `uploadKeepHours`).
 */
export async function saveSourcePart(
  ctx: TenantContext,
  input: { upload_id: number; seq: number },
  files: IncomingFiles,
): Promise<TTeachingSourceUpload> {
  const { siteId, userId } = ctx.session;
  const upload = await loadUpload(ctx.db, siteId, userId, input.upload_id);
  const partCount = partCountOf(upload);
  if (input.seq >= partCount) {
    throw new AppError('teaching_source_part_wrong', {}, { seq: input.seq, part_count: partCount });
  }
  const expected = partBytes(upload, input.seq);
  const wrong = (received: number | null) =>
    new AppError(
      'teaching_source_part_wrong',
      {},
      { seq: input.seq, expected_bytes: expected, received_bytes: received },
    );
  const iterator = files[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
  const key = partKey(upload.id, input.seq);
  let bytes: number;
  try {
    ({ bytes } = await ctx.deps.storage.saveStream(key, first.value.stream, { maxBytes: expected }));
  } catch (error) {
    // Nothing was written: a part over its size leaves an earlier copy of it as it was.
    if (error instanceof AppError && error.code === 'upload_too_large') throw wrong(null);
    throw error;
  }
  if (bytes !== expected) {
    await dropPart(ctx, upload.id, input.seq);
    throw wrong(bytes);
  }
  const recorded = await ctx.db.transaction(async (tx) => {
    // The upload may have been finished or swept while the part came in.
    const [current] = await tx
      .select({ id: teachingSourceUploads.id })
      .from(teachingSourceUploads)
      .where(eq(teachingSourceUploads.id, upload.id))
      .for('update');
    if (!current) return false;
    await tx
      .insert(teachingSourceUploadParts)
      .values({ uploadId: upload.id, seq: input.seq, size: bytes })
      .onConflictDoUpdate({
        target: [teachingSourceUploadParts.uploadId, teachingSourceUploadParts.seq],
        set: { size: bytes },
      });
    await tx
      .update(teachingSourceUploads)
      .set({ updatedAt: new Date() })
      .where(eq(teachingSourceUploads.id, upload.id));
    return true;
  });
  if (!recorded) {
    await ctx.deps.storage.remove([key]);
    throw new AppError('not_found');
  }
  return uploadAnswer(ctx.db, upload);
}
