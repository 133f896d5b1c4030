import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { lookupTable } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
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

export interface SaveStreamOptions {
  /** More bytes than this abort the write with `upload_too_large`; nothing is kept. */
  maxBytes: number;
  /** Called once with the first bytes (up to `headBytes`, fewer for a small file); may throw to refuse the file. */
  inspect?: (head: Buffer) => void;
  headBytes?: number;
}

/**
 * A small file store rooted at `<DATA_DIR>/files` (a fresh temporary directory when the data is in memory).
 * Relative paths use `/` and may not leave the root; writes are atomic (temporary file, then rename).
 */
export class FileStorage {
  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  static fromConfig(config: Pick<Config, 'DATA_DIR'>): FileStorage {
    if (config.DATA_DIR === 'memory://') {
      return new FileStorage(mkdtempSync(path.join(os.tmpdir(), 'learnlabel-files-')), true);
    }
    return new FileStorage(path.resolve(config.DATA_DIR, 'files'), false);
  }

  /** The file's absolute path, or null when the relative path is malformed or leaves the root. */
  absolutePath(relativePath: string): string | null {
    if (!relativePath || relativePath.includes('\0') || relativePath.includes('\\')) return null;
    const segments = relativePath.split('/');
    if (segments.some((s) => s === '' || s === '.' || s === '..')) return null;
    const full = path.resolve(this.root, ...segments);
    return full.startsWith(this.root + path.sep) ? full : null;
  }

  private requirePath(relativePath: string): string {
    const full = this.absolutePath(relativePath);
    if (!full) throw new Error(`invalid storage path: ${relativePath}`);
    return full;
  }

  /** Writes the file atomically: readers see the old content or the new one, never a part. */
  async saveFile(relativePath: string, bytes: Uint8Array): Promise<void> {
    const full = this.requirePath(relativePath);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  /**
   * Streams `source` into a temporary file, counting bytes, then renames it into place. More than `maxBytes`
   * aborts with `upload_too_large`; `inspect` sees the first bytes and may refuse the file. On any failure the
   * temporary file is removed and the source is left destroyed.
   */
  async saveStream(relativePath: string, source: Readable, options: SaveStreamOptions): Promise<{ bytes: number }> {
    const full = this.requirePath(relativePath);
    await mkdir(path.dirname(full), { recursive: true });
    const temp = `${full}.${randomBytes(6).toString('hex')}.tmp`;
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
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        bytes += chunk.length;
        if (bytes > options.maxBytes)
          return done(new AppError('upload_too_large', {}, { max_bytes: options.maxBytes }));
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
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(source, counter, out);
      await rename(temp, full);
      return { bytes };
    } catch (error) {
      // A refusal may come before the file is even open: wait for it to close, or it would be created after `rm`.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('upload_too_large', {}, { max_bytes: options.maxBytes });
      }
      throw error;
    }
  }

  /** Size of a stored file, or null when there is none. */
  async sizeOf(relativePath: string): Promise<number | null> {
    const full = this.absolutePath(relativePath);
    if (!full || full.endsWith('.tmp')) return null;
    try {
      const info = await stat(full);
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  /** A read stream over the file, or over bytes `start` to `end` (inclusive). */
  openRead(relativePath: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.requirePath(relativePath), range);
  }

  /** Removes stored files (missing ones are fine) or, with `recursive`, a folder. */
  async remove(relativePaths: readonly string[], options: { recursive?: boolean } = {}): Promise<void> {
    for (const relativePath of relativePaths) {
      const full = this.absolutePath(relativePath);
      if (full) await rm(full, { force: true, recursive: options.recursive ?? false });
    }
  }

  /**
   * Saves and removes a small file at the root, making the root first as `saveFile` does (`/readyz`): fails when the
   * store could not save a file (read-only, full, not a folder).
   */
  async checkWritable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
    } finally {
      await rm(probe, { force: true });
    }
  }

  /** Removes a temporary root (in-memory configurations); a real data directory stays. */
  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }
}

/** A byte range of a `Range: bytes=...` header against a file size: null = the whole file (no or ignored header). */
export function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (match[2] !== '' && Number(match[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * Sends a stored file with its content type, honouring a single byte range (206 with `content-range`, 416 when
 * unsatisfiable); `accept-ranges: bytes` always. The file may be served inline (media) or as a download.
 */
export async function sendStoredFile(
  request: FastifyRequest,
  reply: FastifyReply,
  storage: FileStorage,
  relativePath: string,
  options: { cacheControl: string; disposition?: { type: 'inline' | 'attachment'; name: string } },
): Promise<FastifyReply | undefined> {
  const size = await storage.sizeOf(relativePath);
  if (size === null) {
    reply.callNotFound();
    return;
  }
  reply
    .type(contentTypeOf(relativePath))
    .header('accept-ranges', 'bytes')
    .header('cache-control', options.cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; media-src 'self'; sandbox");
  if (options.disposition) {
    const { type, name } = options.disposition;
    reply.header('content-disposition', `${type}; filename*=UTF-8''${encodeURIComponent(name)}`);
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('content-range', `bytes */${size}`).header('content-length', 0).send('');
  }
  if (!range) return reply.header('content-length', size).send(storage.openRead(relativePath));
  return reply
    .status(206)
    .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
    .header('content-length', range.end - range.start + 1)
    .send(storage.openRead(relativePath, range));
}

/**
 * `GET /files/*`: the files of PUBLIC_FOLDERS with a year-long cache (stored names are content hashes, so a name
 * never changes content). Any other folder, and malformed or escaping paths, answer 404: private files are served
 * only by the routes that check the caller (`/api/file/...`).
 */
export function registerFilesRoute(app: FastifyInstance, storage: FileStorage): void {
  const isPublic = (folder: string) => (PUBLIC_FOLDERS as readonly string[]).includes(folder);
  app.get(`${FILES_URL_PREFIX}*`, async (request, reply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    if (!isPublic(relative.split('/')[0] ?? '') || !storage.absolutePath(relative)) return reply.callNotFound();
    return sendStoredFile(request, reply, storage, relative, {
      cacheControl: 'public, max-age=31536000, immutable',
    });
  });
}

/** The folder of a project's private files: `projects/<project id>/...`. */
export const PRIVATE_FOLDER = 'projects';
