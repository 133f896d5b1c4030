import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

const PRECOMPRESS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/scripts/precompress.mjs');
const ASSET = '/assets/index-a1b2c3d4.js';
const SCRIPT = `export const items = [${Array.from({ length: 2000 }, (_, i) => `"item-${i}"`).join(',')}];\n`;
const TEXT = 'a line of a stored text file\n'.repeat(200);

let dist: string;
let t: TestApp;
beforeAll(async () => {
  // A small built client, precompressed by the build's own script.
  dist = mkdtempSync(path.join(os.tmpdir(), 'learnlabel-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>LearnLabel</title><div id="root"></div>');
  writeFileSync(path.join(dist, ASSET), SCRIPT);
  writeFileSync(path.join(dist, 'assets/logo-a1b2c3d4.png'), Buffer.alloc(2048, 7));
  execFileSync(process.execPath, [PRECOMPRESS, dist]);
  t = await createTestApp({}, undefined, { webDist: dist });
  await t.deps.storage.saveFile('avatars/notes.txt', Buffer.from(TEXT));
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

function decoded(response: { rawPayload: Buffer; headers: Record<string, unknown> }): string {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(response.rawPayload).toString('utf8');
  expect(encoding).toBeUndefined();
  return response.rawPayload.toString('utf8');
}

describe('compression', () => {
  it('sends an API answer over 1 KB as brotli or gzip, as the client accepts, decoding to the same JSON', async () => {
    const plain = await get('/api/openapi.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    const document = plain.json();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);
    for (const [accepted, encoding] of [
      ['br', 'br'],
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['identity', undefined],
      ['deflate', undefined],
    ] as const) {
      const response = await get('/api/openapi.json', { 'accept-encoding': accepted });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      if (encoding) {
        expect(response.headers.vary).toMatch(/accept-encoding/i);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
      }
      expect(JSON.parse(decoded(response))).toEqual(document);
    }
  });

  it('leaves small answers, images and partial answers (ranges) as they are', async () => {
    const echo = await t.app.inject({
      method: 'POST',
      url: '/api/index/echo',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br, gzip' },
      payload: '{"message":"hi"}',
    });
    expect(echo.statusCode).toBe(200);
    expect(echo.headers['content-encoding']).toBeUndefined();
    const text = await get('/files/avatars/notes.txt', { 'accept-encoding': 'br' });
    expect(text.headers['content-encoding']).toBe('br');
    expect(decoded(text)).toBe(TEXT);
    const part = await get('/files/avatars/notes.txt', { 'accept-encoding': 'br', range: 'bytes=0-99' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 0-99/${TEXT.length}`);
    expect(part.body).toBe(TEXT.slice(0, 100));
    const image = await get('/assets/logo-a1b2c3d4.png', { 'accept-encoding': 'br, gzip' });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-encoding']).toBeUndefined();
  });
});

describe('the web client', () => {
  it('is built with .br and .gz beside its text files of 1 KB or more', () => {
    expect(existsSync(path.join(dist, `${ASSET}.br`))).toBe(true);
    expect(gunzipSync(readFileSync(path.join(dist, `${ASSET}.gz`))).toString()).toBe(SCRIPT);
    expect(existsSync(path.join(dist, 'index.html.br'))).toBe(false);
    expect(existsSync(path.join(dist, 'assets/logo-a1b2c3d4.png.br'))).toBe(false);
  });

  it('sends hashed assets precompressed as accepted, cached for a year as immutable', async () => {
    for (const [accepted, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['', undefined],
    ] as const) {
      const response = await get(ASSET, accepted ? { 'accept-encoding': accepted } : {});
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['content-encoding'], accepted).toBe(encoding);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(decoded(response)).toBe(SCRIPT);
    }
    const part = await get(ASSET, { range: 'bytes=0-9' });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(SCRIPT.slice(0, 10));
  });

  it('sends index.html and every page `no-cache`; a missing asset, an API path and health stay JSON', async () => {
    for (const url of ['/', '/index.html', '/learner/home?tab=1']) {
      const page = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['cache-control'], url).toBe('no-cache');
      expect(decoded(page), url).toContain('<div id="root">');
    }
    for (const url of ['/assets/index-00000000.js', '/api/nothing-here']) {
      const missing = await get(url);
      expect(missing.statusCode, url).toBe(404);
      expect(missing.json(), url).toMatchObject({ error: 'not_found' });
    }
    for (const url of ['/healthz', '/readyz']) {
      expect((await get(url)).headers['content-type'], url).toMatch(/^application\/json/);
    }
  });
});
