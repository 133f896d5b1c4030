import { randomBytes } from 'node:crypto';
import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

/** URL prefix under which stored files are served (`GET /files/<relative path>`). */
export const FILES_URL_PREFIX = '/files/';

const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
  '.csv': 'text/csv; charset=utf-8',
};

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

  /** Writes the file atomically: readers see the old content or the new one, never a part. */
  async saveFile(relativePath: string, bytes: Uint8Array): Promise<void> {
    const full = this.absolutePath(relativePath);
    if (!full) throw new Error(`invalid storage path: ${relativePath}`);
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

  /** Removes a temporary root (in-memory configurations); a real data directory stays. */
  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }
}

/**
 * `GET /files/*`: streams a stored file with its content type and a year-long cache (stored names are
 * content hashes, so a name never changes content). Malformed or escaping paths answer 404.
 */
export function registerFilesRoute(app: FastifyInstance, storage: FileStorage): void {
  app.get(`${FILES_URL_PREFIX}*`, async (request, reply) => {
    const relative = (request.params as { '*'?: string })['*'] ?? '';
    const size = await storage.sizeOf(relative);
    const full = storage.absolutePath(relative);
    if (size === null || !full) return reply.callNotFound();
    const type = CONTENT_TYPES[path.extname(full).toLowerCase()] ?? 'application/octet-stream';
    return reply
      .type(type)
      .header('content-length', size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(createReadStream(full));
  });
}
