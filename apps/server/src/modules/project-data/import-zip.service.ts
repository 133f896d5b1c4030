import { DATA_FILE_KINDS, DATA_LIMITS, extensionOf, mediaFits, type TDataKind, ZIP_EXTENSIONS } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import { DEFAULT_ZIP_BOUNDS, openZip } from '../../platform/zip-entries.ts';
import { addItems, type NewItem } from './add-items.ts';
import { type FailureList, newFilePath, stageSingleFile, storeCheckedFile } from './stored-files.ts';

/**
 * A zip archive: staged, its directory checked whole (unsafe paths, links, entry count and unpacked size refuse
 * it; see `openZip`), then each supported file unpacked into the store and checked by its bytes. Unsupported or
 * mismatched entries, and entries not of the project's media, are reported and skipped; directories and OS clutter are skipped silently.
 */
export async function importZip(
  ctx: TenantContext,
  projectId: number,
  files: IncomingFiles,
  failures: FailureList,
  media: TDataKind[] | null,
) {
  const storage = ctx.deps.storage;
  const staged = await stageSingleFile(ctx, projectId, files, ZIP_EXTENSIONS);
  const stored: (NewItem & { filePath: string })[] = [];
  try {
    // A zip is read by its central directory at the end: from a file on this machine (downloaded from a bucket).
    await storage.withLocalCopy(staged.path, async (zipPath) => {
      const zip = await openZip(zipPath, {
        ...DEFAULT_ZIP_BOUNDS,
        maxUnpackedBytes: ctx.deps.config.ZIP_MAX_UNPACKED_BYTES ?? DEFAULT_ZIP_BOUNDS.maxUnpackedBytes,
      });
      try {
        for (const entry of zip.files) {
          const name = entry.fileName.slice(-DATA_LIMITS.nameMax);
          const extension = extensionOf(entry.fileName);
          const kind = DATA_FILE_KINDS[extension];
          if (!kind || entry.isEncrypted()) {
            failures.add({ name, reason: 'type' });
            continue;
          }
          if (!mediaFits(media, kind, false)) {
            failures.add({ name, reason: 'media' });
            continue;
          }
          if (entry.uncompressedSize > files.maxBytes) {
            failures.add({ name, reason: 'size' });
            continue;
          }
          const filePath = newFilePath(projectId, 'data', extension);
          try {
            const stream = await zip.read(entry);
            const size = await storeCheckedFile(storage, filePath, stream, {
              name,
              extension,
              maxBytes: files.maxBytes,
            });
            stored.push({ kind, name, filePath, size });
          } catch (error) {
            if (!(error instanceof AppError)) throw new AppError('upload_type_wrong', {}, { name, reason: 'zip' });
            if (error.code === 'upload_too_large') failures.add({ name, reason: 'size' });
            else if (error.code === 'upload_type_wrong') {
              failures.add({ name, reason: (error.details as { reason?: string }).reason ?? 'mismatch' });
            } else throw error;
          }
        }
      } finally {
        zip.close();
      }
    });
    return await addItems(ctx, projectId, 'zip', async (push) => {
      for (const item of stored) await push(item);
      return { audit: { archive: staged.name, file_count: stored.length, failed_count: failures.count } };
    });
  } catch (error) {
    await storage.remove(stored.map((s) => s.filePath));
    throw error;
  } finally {
    await storage.remove([staged.path]);
  }
}
