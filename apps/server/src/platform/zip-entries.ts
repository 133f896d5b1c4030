import type { Readable } from 'node:stream';
import { DATA_LIMITS } from '@app/contracts';
import yauzl, { type Entry, type Options, type ZipFile } from 'yauzl';
import { AppError } from './errors.ts';

/** Operating-system clutter that archives carry: skipped without a word. */
const JUNK = /(^|\/)(__MACOSX\/|\.DS_Store$|Thumbs\.db$|desktop\.ini$|\._)/i;
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const OPTIONS: Options = { lazyEntries: true, autoClose: false, validateEntrySizes: true, strictFileNames: true };

export interface ZipBounds {
  maxEntries: number;
  /** Declared unpacked bytes of the whole archive (each upload takes one archive: the bound of the call too). */
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
const tooLarge = (details: Record<string, unknown>) => new AppError('zip_too_large', {}, details);

/**
 * Unpacked bytes beyond DATA_LIMITS.zipMaxRatio times the packed ones: for an entry over
 * DATA_LIMITS.zipRatioFromBytes against its compressed size, for the archive (once past the same size) against
 * the archive's own size, which also catches entries sharing compressed bytes.
 */
const overRatio = (unpacked: number, packed: number) =>
  unpacked > DATA_LIMITS.zipRatioFromBytes && unpacked > packed * DATA_LIMITS.zipMaxRatio;

/**
 * Reads the whole directory before any byte is unpacked: an entry whose path leaves the archive (`..`, absolute,
 * backslashes) or that is a symbolic link refuses the archive (`zip_unsafe`); too many entries, too many declared
 * unpacked bytes or a compression ratio only a zip bomb has refuse it too (`zip_too_large`, `details.reason`
 * `entries`, `total` or `ratio`). yauzl checks while unpacking that no entry yields more bytes than it declared,
 * so the declared sizes bound the real ones.
 */
async function readDirectory(zip: ZipFile, bounds: ZipBounds): Promise<Entry[]> {
  if (zip.entryCount > bounds.maxEntries) throw tooLarge({ reason: 'entries', entries: zip.entryCount });
  const { files, unpacked } = await new Promise<{ files: Entry[]; unpacked: number }>((resolve, reject) => {
    const files: Entry[] = [];
    let unpacked = 0;
    zip.on('error', (error: Error) =>
      reject(unsafeName(error) ?? new AppError('upload_type_wrong', {}, { reason: 'zip' })),
    );
    zip.on('end', () => resolve({ files, unpacked }));
    zip.on('entry', (entry: Entry) => {
      if (isSymlink(entry))
        return reject(new AppError('zip_unsafe', { entry: entry.fileName }, { entry: entry.fileName }));
      if (overRatio(entry.uncompressedSize, entry.compressedSize)) {
        return reject(tooLarge({ reason: 'ratio', entry: entry.fileName }));
      }
      unpacked += entry.uncompressedSize;
      if (unpacked > bounds.maxUnpackedBytes) return reject(tooLarge({ reason: 'total', unpacked_bytes: unpacked }));
      if (!entry.fileName.endsWith('/') && !JUNK.test(entry.fileName)) files.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
  if (overRatio(unpacked, zip.fileSize)) throw tooLarge({ reason: 'ratio', unpacked_bytes: unpacked });
  return files;
}

/** Opens an archive on disk whose directory passes `readDirectory`; the caller unpacks the entries it wants. */
export async function openZip(file: string, bounds: ZipBounds): Promise<OpenedZip> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.open(file, OPTIONS, (error, opened) =>
      error ? reject(new AppError('upload_type_wrong', {}, { reason: 'zip' })) : resolve(opened),
    );
  });
  try {
    const files = await readDirectory(zip, bounds);
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

/** Checks the directory of an archive held in memory (an .xlsx) before a library unpacks it, as `openZip` does. */
export async function checkZipBytes(bytes: Buffer, bounds: ZipBounds): Promise<void> {
  const zip = await new Promise<ZipFile>((resolve, reject) => {
    yauzl.fromBuffer(bytes, OPTIONS, (error, opened) =>
      error ? reject(new AppError('upload_type_wrong', {}, { reason: 'zip' })) : resolve(opened),
    );
  });
  try {
    await readDirectory(zip, bounds);
  } finally {
    zip.close();
  }
}

export const DEFAULT_ZIP_BOUNDS: ZipBounds = {
  maxEntries: DATA_LIMITS.zipMaxEntries,
  maxUnpackedBytes: DATA_LIMITS.zipMaxUnpackedBytes,
};
