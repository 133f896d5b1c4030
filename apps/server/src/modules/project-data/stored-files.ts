import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { DATA_LIMITS, extensionOf, type TDataFailure } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { bytesFit, sizeFits } from '../../platform/file-signatures.ts';
import type { IncomingFiles } from '../../platform/procedures.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { projectFolder } from './project-data.queries.ts';

export type FileArea = 'data' | 'attachments' | 'staging';

/** A fresh path for a project's file: `projects/<id>/<area>/<uuid>.<extension>`. */
export const newFilePath = (projectId: number, area: FileArea, extension: string) =>
  `${projectFolder(projectId)}/${area}/${randomUUID()}.${extension}`;

/**
 * Stores one uploaded file whose bytes must fit its extension; a mismatch answers `upload_type_wrong` and a file
 * over `maxBytes` `upload_too_large`, both naming the file in `details`, and nothing stays on disk.
 */
export async function storeCheckedFile(
  storage: FileStorage,
  relativePath: string,
  source: Readable,
  file: { name: string; extension: string; maxBytes: number },
): Promise<number> {
  const refuse = (reason: string) => new AppError('upload_type_wrong', {}, { name: file.name, reason });
  try {
    const { bytes } = await storage.saveStream(relativePath, source, {
      maxBytes: file.maxBytes,
      inspect: (head) => {
        if (head.length === 0) throw refuse('empty');
        if (!bytesFit(file.extension, head)) throw refuse('mismatch');
      },
    });
    if (!sizeFits(file.extension, bytes)) {
      await storage.remove([relativePath]);
      throw refuse(bytes === 0 ? 'empty' : 'mismatch');
    }
    return bytes;
  } catch (error) {
    if (error instanceof AppError && error.code === 'upload_too_large') {
      throw new AppError('upload_too_large', {}, { name: file.name, max_bytes: file.maxBytes });
    }
    throw error;
  }
}

/** Reads a refused file's remaining bytes so the next part of the request can be reached. */
export function drain(stream: Readable): void {
  if (!stream.destroyed && !stream.readableEnded) stream.resume();
}

/** Collects failures: all are counted, the first DATA_LIMITS.failuresListed are listed. */
export class FailureList {
  readonly listed: TDataFailure[] = [];
  count = 0;
  add(failure: TDataFailure): void {
    this.count += 1;
    if (this.listed.length < DATA_LIMITS.failuresListed) this.listed.push(failure);
  }
}

/**
 * Stores the one file an archive or manifest upload carries in the project's staging area (its bytes must fit
 * one of `extensions`); a second file answers `file_count_wrong` and nothing stays.
 */
export async function stageSingleFile(
  ctx: TenantContext,
  projectId: number,
  files: IncomingFiles,
  extensions: readonly string[],
): Promise<{ path: string; name: string; extension: string }> {
  const storage = ctx.deps.storage;
  const iterator = files[Symbol.asyncIterator]();
  const first = await iterator.next();
  if (first.done) throw new AppError('invalid_input', { fields: 'files: required' }, { fields: [{ field: 'files' }] });
  const { name, stream } = first.value;
  const extension = extensionOf(name);
  if (!extensions.includes(extension)) throw new AppError('upload_type_wrong', {}, { name, reason: 'type' });
  const path = newFilePath(projectId, 'staging', extension);
  await storeCheckedFile(storage, path, stream, { name, extension, maxBytes: files.maxBytes });
  try {
    if (!(await iterator.next()).done) throw new AppError('file_count_wrong', { max: 1 });
  } catch (error) {
    await storage.remove([path]);
    throw error;
  }
  return { path, name, extension };
}
