import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Config } from '../config.ts';
import {
  checkedStream,
  type FileStorage,
  isStorageKey,
  type SaveStreamOptions,
  type StorageUsage,
  tallyUsage,
  uploadError,
} from './storage.ts';

/**
 * The file store in a folder: `<DATA_DIR>/files` (a fresh temporary folder when the data is in memory). Writes go to
 * a temporary file that is then renamed into place.
 */
export class LocalFileStorage implements FileStorage {
  readonly kind = 'local' as const;

  private constructor(
    readonly root: string,
    private readonly temporary: boolean,
  ) {}

  static fromConfig(config: Pick<Config, 'DATA_DIR'>): LocalFileStorage {
    if (config.DATA_DIR === 'memory://') {
      return new LocalFileStorage(mkdtempSync(path.join(os.tmpdir(), 'learnlabel-files-')), true);
    }
    return new LocalFileStorage(path.resolve(config.DATA_DIR, 'files'), false);
  }

  /** The file's absolute path, or null when the key is malformed. */
  absolutePath(key: string): string | null {
    if (!isStorageKey(key)) return null;
    const full = path.resolve(this.root, ...key.split('/'));
    return full.startsWith(this.root + path.sep) ? full : null;
  }

  private requirePath(key: string): string {
    const full = this.absolutePath(key);
    if (!full) throw new Error(`invalid storage path: ${key}`);
    return full;
  }

  /** A temporary name beside the file, made after its folder. */
  private async temporaryFor(key: string): Promise<{ full: string; temp: string }> {
    const full = this.requirePath(key);
    await mkdir(path.dirname(full), { recursive: true });
    return { full, temp: `${full}.${randomBytes(6).toString('hex')}.tmp` };
  }

  async prepare(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async saveFile(key: string, bytes: Uint8Array): Promise<void> {
    const { full, temp } = await this.temporaryFor(key);
    try {
      await writeFile(temp, bytes, { flag: 'wx' });
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async saveStream(key: string, source: Readable, options: SaveStreamOptions): Promise<{ bytes: number }> {
    const { full, temp } = await this.temporaryFor(key);
    const checked = checkedStream(options);
    const out = createWriteStream(temp, { flags: 'wx' });
    try {
      await pipeline(source, checked.stream, out);
      await rename(temp, full);
      return { bytes: checked.bytes() };
    } catch (error) {
      // A refusal may come before the file is even open: wait for it to close, or it would be created after `rm`.
      if (!out.closed) await new Promise<void>((resolve) => out.once('close', () => resolve()));
      await rm(temp, { force: true });
      throw uploadError(error, options.maxBytes);
    }
  }

  async saveLocalFile(key: string, localPath: string): Promise<void> {
    const { full, temp } = await this.temporaryFor(key);
    try {
      await copyFile(localPath, temp);
      await rename(temp, full);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async sizeOf(key: string): Promise<number | null> {
    const full = this.absolutePath(key);
    if (!full) return null;
    try {
      const info = await stat(full);
      return info.isFile() ? info.size : null;
    } catch {
      return null;
    }
  }

  async openRead(key: string, range?: { start: number; end: number }): Promise<Readable> {
    const full = this.requirePath(key);
    const stream = createReadStream(full, range);
    // Open first, so a missing file rejects here rather than failing the stream later.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async readBytes(key: string, limit?: number): Promise<Buffer | null> {
    const full = this.absolutePath(key);
    if (!full) return null;
    try {
      if (limit === undefined) return await readFile(full);
      const handle = await open(full, 'r');
      try {
        const buffer = Buffer.alloc(limit);
        const { bytesRead } = await handle.read(buffer, 0, limit, 0);
        return buffer.subarray(0, bytesRead);
      } finally {
        await handle.close();
      }
    } catch {
      return null;
    }
  }

  async list(folder: string): Promise<string[]> {
    return (await this.filesUnder(folder)).map((f) => f.key).sort();
  }

  private async filesUnder(folder: string): Promise<{ key: string; size: number }[]> {
    const root = folder === '' ? this.root : this.absolutePath(folder);
    if (!root) return [];
    try {
      const entries = await readdir(root, { recursive: true, withFileTypes: true });
      const files: { key: string; size: number }[] = [];
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const full = path.join(entry.parentPath, entry.name);
        const key = path.relative(root, full).split(path.sep).join('/');
        if (folder === '' && key.startsWith('.')) continue;
        const size = await stat(full).then(
          (s) => s.size,
          () => null,
        );
        if (size !== null) files.push({ key, size });
      }
      return files;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return [];
      throw error;
    }
  }

  async remove(keys: readonly string[], options: { recursive?: boolean } = {}): Promise<void> {
    for (const key of keys) {
      const full = this.absolutePath(key);
      if (full) await rm(full, { force: true, recursive: options.recursive ?? false });
    }
  }

  async mediaSource(key: string): Promise<string> {
    return this.requirePath(key);
  }

  async withLocalCopy<T>(key: string, work: (localPath: string) => Promise<T>): Promise<T> {
    return work(this.requirePath(key));
  }

  async downloadUrl(): Promise<string | null> {
    return null;
  }

  async usage(): Promise<StorageUsage> {
    return tallyUsage(await this.filesUnder(''));
  }

  async checkWritable(): Promise<void> {
    await mkdir(this.root, { recursive: true });
    const probe = path.join(this.root, `.ready-${randomBytes(6).toString('hex')}`);
    try {
      await writeFile(probe, 'ok', { flag: 'wx' });
    } finally {
      await rm(probe, { force: true });
    }
  }

  /** Removes a temporary root (in-memory configurations); a real data folder stays. */
  close(): void {
    if (this.temporary) rmSync(this.root, { recursive: true, force: true });
  }
}
