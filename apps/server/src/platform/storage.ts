import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { lookupTable } from '@app/contracts';
import { AppError } from './errors.ts';

/** URL prefix under which public stored files (avatars, logos) are served (`GET /files/<relative path>`). */
export const FILES_URL_PREFIX = '/files/';

/**
 * The folders of the file store that `/files/` serves to anyone: pictures meant to be seen without signing in
 * (files named by their content hash). Every other folder is private: project files, packs and learning content
 * images are served by routes that check the caller.
 */
export const PUBLIC_FOLDERS = ['avatars', 'site-logos', 'categories', 'template-samples', 'teacher-resumes'] as const;
export type TPublicFolder = (typeof PUBLIC_FOLDERS)[number];

/** The folder of a project's private files: `projects/<project id>/...`. */
export const PRIVATE_FOLDER = 'projects';

const CONTENT_TYPES: Readonly<Record<string, string>> = lookupTable({
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
  '.json': 'application/json',
  '.jsonl': 'application/x-ndjson',
  '.mp3': 'audio/mpeg',
  '.wav': 'audio/wav',
  '.ogg': 'audio/ogg',
  '.m4a': 'audio/mp4',
  '.m4v': 'video/mp4',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pcd': 'application/octet-stream',
  '.bin': 'application/octet-stream',
  '.doc': 'application/msword',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.zip': 'application/zip',
});

/** The content type for a file name by its extension (`application/octet-stream` when unknown). */
export function contentTypeOf(name: string): string {
  return CONTENT_TYPES[path.extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/**
 * Whether `key` names a file of the store: `/`-separated segments, none empty, `.` or `..`, no backslash or NUL,
 * not a temporary file of a write in progress. Every backend refuses other keys.
 */
export function isStorageKey(key: string): boolean {
  if (!key || key.length > 1024 || key.includes('\0') || key.includes('\\') || key.endsWith('.tmp')) return false;
  return key.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
}

export function requireStorageKey(key: string): string {
  if (!isStorageKey(key)) throw new Error(`invalid storage path: ${key}`);
  return key;
}

export interface SaveStreamOptions {
  /** More bytes than this abort the write with `upload_too_large`; nothing is kept. */
  maxBytes: number;
  /** Called once with the first bytes (up to `headBytes`, fewer for a small file); may throw to refuse the file. */
  inspect?: (head: Buffer) => void;
  headBytes?: number;
}

export interface FolderUsage {
  folder: string;
  files: number;
  bytes: number;
}

export interface StorageUsage {
  folders: FolderUsage[];
  files: number;
  bytes: number;
}

/**
 * Where every stored file lives (uploads, media, question and course images, pack zips and parts, transcoded
 * videos, waveforms): a local folder or an S3-compatible bucket. Keys are relative `/`-separated paths
 * (`isStorageKey`); writes are atomic (a reader sees the old content or the new one, never a part).
 */
export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Makes the store ready to use (the folder, or the bucket when it is missing). */
  prepare(): Promise<void>;
  saveFile(key: string, bytes: Uint8Array): Promise<void>;
  /**
   * Streams `source` into the store, counting bytes: more than `maxBytes` aborts with `upload_too_large`; `inspect`
   * sees the first bytes and may refuse the file. On any failure nothing is kept and the source is left destroyed.
   */
  saveStream(key: string, source: Readable, options: SaveStreamOptions): Promise<{ bytes: number }>;
  /** Stores a file made on this machine's disk (a transcoded video), leaving the local file in place. */
  saveLocalFile(key: string, localPath: string): Promise<void>;
  /** Size of a stored file, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /** A stream over the file, or over bytes `start` to `end` (inclusive); rejects when the file is missing. */
  openRead(key: string, range?: { start: number; end: number }): Promise<Readable>;
  /** The file's bytes (the first `limit` of them when given), or null when there is none. */
  readBytes(key: string, limit?: number): Promise<Buffer | null>;
  /** The keys of the files under a folder, relative to it, sorted; `''`: every file of the store. */
  list(folder: string): Promise<string[]>;
  /** Removes files (missing ones are fine) or, with `recursive`, every file under the folders named. */
  remove(keys: readonly string[], options?: { recursive?: boolean }): Promise<void>;
  /** An address ffmpeg can read the file at: its path on this machine, or a presigned URL on the store. */
  mediaSource(key: string): Promise<string>;
  /** Runs `work` with the file at a path on this machine (downloaded first from a bucket), removed afterwards. */
  withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T>;
  /**
   * A presigned URL that downloads the file as an attachment named `name` straight from the store, or null when the
   * store cannot give one that browsers reach (the local folder; a bucket without S3_PUBLIC_ENDPOINT).
   */
  downloadUrl(key: string, name: string): Promise<string | null>;
  /** Files and bytes per top folder, largest first, with the totals. */
  usage(): Promise<StorageUsage>;
  /** Saves and removes a small file (`/readyz`): fails when the store cannot save one. */
  checkWritable(): Promise<void>;
  close(): void;
}

/**
 * A pass-through that counts bytes for `saveStream`: errors with `upload_too_large` past `maxBytes`, and hands the
 * first bytes to `inspect` (which may throw to refuse the file).
 */
export function checkedStream(options: SaveStreamOptions): { stream: Transform; bytes: () => number } {
  const headBytes = options.headBytes ?? 4100;
  let bytes = 0;
  let head: Buffer[] | null = options.inspect ? [] : null;
  let headLength = 0;
  const inspectHead = () => {
    if (!head) return;
    const first = Buffer.concat(head);
    head = null;
    options.inspect?.(first);
  };
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes > options.maxBytes) return done(new AppError('upload_too_large', {}, { max_bytes: options.maxBytes }));
      try {
        if (head && headLength < headBytes) {
          head.push(chunk.subarray(0, headBytes - headLength));
          headLength += Math.min(chunk.length, headBytes - headLength);
          if (headLength >= headBytes) inspectHead();
        }
      } catch (error) {
        return done(error as Error);
      }
      done(null, chunk);
    },
    flush(done) {
      try {
        inspectHead();
        done();
      } catch (error) {
        done(error as Error);
      }
    },
  });
  return { stream, bytes: () => bytes };
}

/** Multipart's own "file too large" error as the API's `upload_too_large`; other errors as they are. */
export function uploadError(error: unknown, maxBytes: number): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('upload_too_large', {}, { max_bytes: maxBytes });
  }
  return error;
}

/** Adds a file's size under its top folder (files at the root count under `.`). */
export function tallyUsage(keys: Iterable<{ key: string; size: number }>): StorageUsage {
  const byFolder = new Map<string, FolderUsage>();
  for (const { key, size } of keys) {
    const slash = key.indexOf('/');
    const folder = slash > 0 ? key.slice(0, slash) : '.';
    const usage = byFolder.get(folder) ?? { folder, files: 0, bytes: 0 };
    usage.files += 1;
    usage.bytes += size;
    byFolder.set(folder, usage);
  }
  const folders = [...byFolder.values()].sort((a, b) => b.bytes - a.bytes || a.folder.localeCompare(b.folder));
  return {
    folders,
    files: folders.reduce((sum, f) => sum + f.files, 0),
    bytes: folders.reduce((sum, f) => sum + f.bytes, 0),
  };
}
