import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { startS3Server, type TestS3Server } from '../testing/s3-server.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { AppError } from './errors.ts';
import type { FileStorage } from './storage.ts';
import { LocalFileStorage } from './storage-local.ts';
import { S3FileStorage } from './storage-s3.ts';

// The same suite on both backends: the local folder and an S3-compatible bucket on a server started here.
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3?.close());

const backends: { name: string; open: () => FileStorage }[] = [
  { name: 'local folder', open: () => LocalFileStorage.fromConfig({ DATA_DIR: 'memory://' }) },
  {
    name: 'S3-compatible bucket',
    open: () => S3FileStorage.fromConfig(loadConfig(s3.env(`suite-${randomBytes(4).toString('hex')}`))),
  },
];

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

describe.each(backends)('file storage on a $name', ({ open }) => {
  let storage: FileStorage;
  beforeAll(async () => {
    storage = open();
    await storage.prepare();
  });
  afterAll(() => storage?.close());

  it('saves a file and reads it whole, by range and by its first bytes; a missing file has no size', async () => {
    await storage.saveFile('notes/a.txt', Buffer.from('hello world'));
    expect(await storage.sizeOf('notes/a.txt')).toBe(11);
    expect(await text(await storage.openRead('notes/a.txt'))).toBe('hello world');
    expect(await text(await storage.openRead('notes/a.txt', { start: 6, end: 10 }))).toBe('world');
    expect((await storage.readBytes('notes/a.txt', 5))?.toString()).toBe('hello');
    expect((await storage.readBytes('notes/a.txt'))?.toString()).toBe('hello world');
    await storage.saveFile('notes/a.txt', Buffer.from('replaced'));
    expect(await text(await storage.openRead('notes/a.txt'))).toBe('replaced');
    expect(await storage.sizeOf('notes/missing.txt')).toBeNull();
    expect(await storage.readBytes('notes/missing.txt')).toBeNull();
    await expect(storage.openRead('notes/missing.txt')).rejects.toThrow();
  });

  it('refuses keys that leave the store or are not plain paths', async () => {
    for (const key of ['../escape.txt', 'a/../../b.txt', '/abs.txt', 'a//b.txt', 'a\\b.txt', 'x.tmp', '']) {
      await expect(storage.saveFile(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage path/);
      expect(await storage.sizeOf(key), key).toBeNull();
    }
  });

  it('streams a large upload in (several parts on a bucket) and counts its bytes', async () => {
    const chunk = randomBytes(1024 * 1024);
    const source = Readable.from(Array.from({ length: 20 }, () => chunk));
    const saved = await storage.saveStream('big/blob.bin', source, { maxBytes: 64 * 1024 * 1024 });
    expect(saved.bytes).toBe(20 * 1024 * 1024);
    expect(await storage.sizeOf('big/blob.bin')).toBe(20 * 1024 * 1024);
    const tail = await storage.readBytes('big/blob.bin');
    expect(tail?.subarray(19 * 1024 * 1024).equals(chunk)).toBe(true);
  });

  it('keeps nothing of a stream that is too large or that inspection refuses', async () => {
    const tooLarge = storage.saveStream('refused/large.bin', Readable.from([randomBytes(3000), randomBytes(3000)]), {
      maxBytes: 4000,
    });
    await expect(tooLarge).rejects.toMatchObject({ code: 'upload_too_large' });
    const refused = storage.saveStream('refused/fake.png', Readable.from([Buffer.from('not a picture')]), {
      maxBytes: 4000,
      inspect: () => {
        throw new AppError('upload_type_wrong');
      },
    });
    await expect(refused).rejects.toMatchObject({ code: 'upload_type_wrong' });
    expect(await storage.list('refused')).toEqual([]);
  });

  it('lists a folder, removes files and whole folders', async () => {
    for (const key of ['tree/b.txt', 'tree/a/one.txt', 'tree/a/two.txt', 'treeish/other.txt']) {
      await storage.saveFile(key, Buffer.from(key));
    }
    expect(await storage.list('tree')).toEqual(['a/one.txt', 'a/two.txt', 'b.txt']);
    await storage.remove(['tree/b.txt', 'tree/never-there.txt']);
    expect(await storage.list('tree')).toEqual(['a/one.txt', 'a/two.txt']);
    await storage.remove(['tree/a'], { recursive: true });
    expect(await storage.list('tree')).toEqual([]);
    expect(await storage.list('treeish')).toEqual(['other.txt']);
  });

  it('gives a local copy for tools that need a file, and stores a file made on disk', async () => {
    await storage.saveFile('copies/source.txt', Buffer.from('copy me'));
    let seen = '';
    await storage.withLocalCopy('copies/source.txt', async (local) => {
      seen = readFileSync(local, 'utf8');
      expect(existsSync(local)).toBe(true);
    });
    expect(seen).toBe('copy me');
    const folder = await mkdtemp(path.join(os.tmpdir(), 'storage-test-'));
    try {
      const made = path.join(folder, 'made.txt');
      writeFileSync(made, 'made here');
      await storage.saveLocalFile('copies/made.txt', made);
      expect(existsSync(made)).toBe(true);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
    expect((await storage.readBytes('copies/made.txt'))?.toString()).toBe('made here');
  });

  it('names an address ffmpeg can read the file at', async () => {
    await storage.saveFile('media/clip.bin', Buffer.from('media bytes'));
    const source = await storage.mediaSource('media/clip.bin');
    const read = /^https?:/.test(source) ? await (await fetch(source)).text() : readFileSync(source, 'utf8');
    expect(read).toBe('media bytes');
  });

  it('counts files and bytes per top folder, and saves a probe file when asked whether it can', async () => {
    await storage.saveFile('usage-a/1.bin', new Uint8Array(100));
    await storage.saveFile('usage-b/1.bin', new Uint8Array(5));
    await storage.saveFile('usage-b/2/3.bin', new Uint8Array(5));
    const usage = await storage.usage();
    expect(usage.folders).toEqual(
      expect.arrayContaining([
        { folder: 'usage-a', files: 1, bytes: 100 },
        { folder: 'usage-b', files: 2, bytes: 10 },
      ]),
    );
    expect(usage.files).toBe(usage.folders.reduce((sum, f) => sum + f.files, 0));
    await expect(storage.checkWritable()).resolves.toBeUndefined();
    expect((await storage.usage()).files).toBe(usage.files);
  });
});

describe('presigned downloads', () => {
  it('a bucket with a public address gives a URL that downloads the file under its name; without one, none', async () => {
    const env = s3.env('presigned');
    const open = (extra: Record<string, string>) => S3FileStorage.fromConfig(loadConfig({ ...env, ...extra }));
    const withPublic = open({ S3_PUBLIC_ENDPOINT: env.S3_ENDPOINT! });
    const withoutPublic = open({});
    await withPublic.prepare();
    await withPublic.saveFile('packs/p.zip', Buffer.from('zip bytes'));
    const url = await withPublic.downloadUrl('packs/p.zip', '项目 pack.zip');
    expect(url).toMatch(/X-Amz-Signature=/);
    const response = await fetch(url!);
    expect(await response.text()).toBe('zip bytes');
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('项目 pack.zip')}`,
    );
    expect(await withoutPublic.downloadUrl('packs/p.zip', 'p.zip')).toBeNull();
    expect(await LocalFileStorage.fromConfig({ DATA_DIR: 'memory://' }).downloadUrl()).toBeNull();
    withPublic.close();
    withoutPublic.close();
  });
});

describe('the app on an S3-compatible bucket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(s3.env('app'));
  });
  afterAll(() => t?.close());

  it('serves public files with byte ranges, reports the bucket ready and answers 404 for missing files', async () => {
    expect(t.deps.storage.kind).toBe('s3');
    await t.deps.storage.saveFile('avatars/hello.txt', Buffer.from('hello from the bucket'));
    const whole = await t.app.inject({ method: 'GET', url: '/files/avatars/hello.txt' });
    expect(whole.statusCode).toBe(200);
    expect(whole.body).toBe('hello from the bucket');
    expect(whole.headers['cache-control']).toContain('immutable');
    const part = await t.app.inject({
      method: 'GET',
      url: '/files/avatars/hello.txt',
      headers: { range: 'bytes=6-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe('from');
    expect(part.headers['content-range']).toBe('bytes 6-9/21');
    expect((await t.app.inject({ method: 'GET', url: '/files/avatars/none.txt' })).statusCode).toBe(404);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.json()).toMatchObject({ status: 'ok', checks: { storage: 'ok' } });
  });
});
