import type { Readable } from 'node:stream';
import { DATA_LIMITS } from '@app/contracts';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { AppError } from '../../platform/errors.ts';

/** Operating-system clutter that archives carry: skipped without a word. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$|\._)/i;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

export interface ZipBounds {
  maxEntries: number;
  maxUnpackedBytes: number;
}

export interface OpenedZip {
  /** File entries worth reading (directories and junk left out), in archive order. */
  files: Entry[];
  read(entry: Entry): Promise<Readable>;
  close(): void;
}

/** yauzl's own name checks, as the caller should see them: an unsafe entry, with its name. */
function unsafeName(error: Error): AppError | null {
  const match = /^(absolute path|invalid relative path|invalid characters in fileName): (.*)$/s.exec(error.message);
  return match ? new AppError('zip_unsafe', { entry: match[2] }, { entry: match[2] }) : null;
}

const isSymlink = (entry: Entry) => ((entry.externalFileAttributes >>> 16) & S_IFMT) === S_IFLNK;

/**
 * Opens an archive on disk and reads its whole directory before any byte is unpacked: an entry whose path leaves
 * the archive (`..`, absolute, backslashes) or that is a symbolic link refuses the archive (`zip_unsafe`); more
 * entries or more declared unpacked bytes than the bounds refuse it too (`zip_too_large`). yauzl checks while
 * unpacking that no entry yields more bytes than it declared, so the declared total bounds the real one.
 */
export async function openZip(file: string, bounds: ZipBounds): Promise<OpenedZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true },
      (error, opened) => (error ? reject(new AppError('upload_type_wrong', {}, { reason: 'zip' })) : resolve(opened)),
    );
  });
  try {
    if (zip.entryCount > bounds.maxEntries) throw new AppError('zip_too_large', {}, { entries: zip.entryCount });
    const files = await new Promise<Entry[]>((resolve, reject) => {
      const found: Entry[] = [];
      let unpacked = 0;
      zip.on('error', (error: Error) =>
        reject(unsafeName(error) ?? new AppError('upload_type_wrong', {}, { reason: 'zip' })),
      );
      zip.on('end', () => resolve(found));
      zip.on('entry', (entry: Entry) => {
        if (isSymlink(entry)) {
          reject(new AppError('zip_unsafe', { entry: entry.fileName }, { entry: entry.fileName }));
          return;
        }
        unpacked += entry.uncompressedSize;
        if (unpacked > bounds.maxUnpackedBytes) {
          reject(new AppError('zip_too_large', {}, { unpacked_bytes: unpacked }));
          return;
        }
        if (!entry.fileName.endsWith('/') && !JUNK.test(entry.fileName)) found.push(entry);
        zip.readEntry();
      });
      zip.readEntry();
    });
    return {
      files,
      read: (entry) =>
        new Promise<Readable>((resolve, reject) => {
          zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream)));
        }),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

export const DEFAULT_ZIP_BOUNDS: ZipBounds = {
  maxEntries: DATA_LIMITS.zipMaxEntries,
  maxUnpackedBytes: DATA_LIMITS.zipMaxUnpackedBytes,
};
