import { Readable } from 'node:stream';
import { extensionOf, type TTeachingSource } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { queueSourceConversion } from './convert-source-job.ts';
import { bytesLookRight, kindOfFile, newSourceKey, partKey, uploadFolder } from './source-files.ts';
import { loadUpload, missingParts, partCountOf, receivedParts, type UploadRecord } from './source-uploads.queries.ts';
import { sourceDetail } from './teaching-sources.queries.ts';

const { teachingSources, teachingSourceUploads } = schema;

/** The parts one after the other as one stream, each opened when the one before has ended: memory stays flat. */
function joinedParts(storage: FileStorage, upload: UploadRecord): Readable {
  const count = partCountOf(upload);
  return Readable.from(
    (async function* () {
      for (let seq = 0; seq < count; seq += 1) {
        for await (const chunk of await storage.openRead(partKey(upload.id, seq))) yield chunk as Buffer;
      }
    })(),
  );
}

/** Removes an upload: its row (and the part rows with it), then its parts in the store. */
async function dropUpload(ctx: TenantContext, uploadId: number) {
  await ctx.db.delete(teachingSourceUploads).where(eq(teachingSourceUploads.id, uploadId));
  await ctx.deps.storage.remove([uploadFolder(uploadId)], { recursive: true });
}

/**
 * `/dataset-source/upload-finish`: every part must be there (`teaching_source_parts_missing`, details: the missing
 * seqs). The parts are streamed in order into the source's file; a pdf or office zip whose first bytes are not of
 * its type is `upload_type_wrong` and the upload is dropped (the same bytes would fail again). Then the upload goes,
 * the source is created — a pdf ready at once (it is its own view), anything else `processing` with its conversion
 * queued. Finishing the same upload twice at once makes one source: the other call answers not_found.
 */
export async function finishSourceUpload(ctx: TenantContext, input: { upload_id: number }): Promise<TTeachingSource> {
  const { siteId, userId } = ctx.session;
  const storage = ctx.deps.storage;
  const upload = await loadUpload(ctx.db, siteId, userId, input.upload_id);
  const missing = missingParts(upload, await receivedParts(ctx.db, upload.id));
  if (missing.length > 0) throw new AppError('teaching_source_parts_missing', {}, { missing });
  const kind = kindOfFile(upload.fileName);
  if (!kind) throw new AppError('teaching_source_type_unsupported', {}, { extension: extensionOf(upload.fileName) });
  // Joining a large video takes a while: the upload is not idle meanwhile.
  await ctx.db
    .update(teachingSourceUploads)
    .set({ updatedAt: new Date() })
    .where(eq(teachingSourceUploads.id, upload.id));

  const fileKey = newSourceKey(siteId, upload.fileName);
  const mismatch = new AppError('upload_type_wrong', {}, { name: upload.fileName, reason: 'mismatch' });
  let bytes: number;
  try {
    ({ bytes } = await storage.saveStream(fileKey, joinedParts(storage, upload), {
      maxBytes: upload.size,
      headBytes: 1024,
      inspect: (head) => {
        if (!bytesLookRight(upload.fileName, head)) throw mismatch;
      },
    }));
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_type_wrong') await dropUpload(ctx, upload.id);
    throw error;
  }
  if (bytes !== upload.size) {
    await storage.remove([fileKey]);
    throw new AppError('teaching_source_parts_missing', {}, { missing: [] });
  }

  const isPdf = extensionOf(upload.fileName) === 'pdf';
  const created = await ctx.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(teachingSourceUploads)
      .where(eq(teachingSourceUploads.id, upload.id))
      .returning({ id: teachingSourceUploads.id });
    if (!gone) return null;
    const [row] = await tx
      .insert(teachingSources)
      .values({
        siteId,
        ownerId: userId,
        kind,
        title: upload.title,
        fileName: upload.fileName,
        fileKey,
        fileSize: bytes,
        status: isPdf ? 'ready' : 'processing',
        viewKey: isPdf ? fileKey : null,
      })
      .returning({ id: teachingSources.id });
    return row!.id;
  });
  if (created === null) {
    // Another call finished (or the sweeper removed) this upload meanwhile.
    await storage.remove([fileKey]);
    throw new AppError('not_found');
  }
  await storage.remove([uploadFolder(upload.id)], { recursive: true });
  if (!isPdf) await queueSourceConversion(ctx.deps, { siteId, sourceId: created });
  ctx.log.info({ sourceId: created, kind, bytes }, 'teaching source uploaded');
  return sourceDetail(ctx.db, siteId, created);
}
