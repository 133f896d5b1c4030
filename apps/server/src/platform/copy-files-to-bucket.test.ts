import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { copyFilesToBucketCommand } from './copy-files-to-bucket.ts';
import { LocalFileStorage } from './storage-local.ts';
import { S3FileStorage } from './storage-s3.ts';

let s3: TestS3Server;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'copy-files-'));
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('copy-files-to-bucket', () => {
  it('copies every file of the local store into the bucket, and a rerun copies only what is missing', async () => {
    const local = LocalFileStorage.fromConfig({ DATA_DIR: dataDir });
    await local.saveFile('avatars/a.png', Buffer.from('avatar'));
    await local.saveFile('projects/1/data/x.wav', Buffer.alloc(3 * 1024 * 1024, 1));
    await local.saveFile('projects/1/packs/p.zip', Buffer.from('zip'));
    const config = loadConfig({ DATA_DIR: dataDir, ...s3.env('copied') });
    const lines: string[] = [];
    expect(await copyFilesToBucketCommand(config, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe('Done: 3 copied (3.0 MB), 0 already there.');
    expect(lines).toContain('  3/3 files (100%)');

    const bucket = S3FileStorage.fromConfig(config);
    expect(await bucket.list('')).toEqual(['avatars/a.png', 'projects/1/data/x.wav', 'projects/1/packs/p.zip']);
    expect((await bucket.readBytes('avatars/a.png'))?.toString()).toBe('avatar');
    expect(await bucket.sizeOf('projects/1/data/x.wav')).toBe(3 * 1024 * 1024);

    await local.saveFile('avatars/b.png', Buffer.from('new one'));
    lines.length = 0;
    expect(await copyFilesToBucketCommand(config, (line) => lines.push(line))).toBe(0);
    expect(lines.at(-1)).toBe('Done: 1 copied (0.0 MB), 3 already there.');
    expect(await bucket.sizeOf('avatars/b.png')).toBe(7);
    bucket.close();
  });

  it('refuses to run without a bucket or without a local store, saying what to set', async () => {
    const lines: string[] = [];
    expect(await copyFilesToBucketCommand(loadConfig({ DATA_DIR: dataDir }), (line) => lines.push(line))).toBe(2);
    expect(lines[0]).toMatch(/Set S3_ENDPOINT/);
    const inMemory = loadConfig({ DATA_DIR: 'memory://', ...s3.env() });
    expect(await copyFilesToBucketCommand(inMemory, (line) => lines.push(line))).toBe(2);
    expect(lines[1]).toMatch(/no local file store/);
  });
});
