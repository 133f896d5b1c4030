import { rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, localStore, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('health', () => {
  it('/healthz (and the older /health) say the process is alive, in JSON', async () => {
    for (const url of ['/healthz', '/health']) {
      const response = await get(url);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ status: 'ok' });
    }
  });

  it('/readyz lists each part it checked', async () => {
    const response = await get('/readyz');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', migrations: 'ok', storage: 'ok' },
    });
  });

  it('/readyz answers 503 naming the file store while it cannot save, and 200 once it can again', async () => {
    // A file where the store's folder should be: nothing can be saved (a read-only folder would not stop root).
    const root = localStore(t).root;
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'not a folder');
    try {
      const response = await get('/readyz');
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        error: 'not_ready',
        details: { failing: ['storage'], checks: { database: 'ok', migrations: 'ok', storage: 'failing' } },
      });
      // Alive, though not ready: a liveness probe must not restart a server that waits for its volume.
      expect((await get('/healthz')).statusCode).toBe(200);
    } finally {
      rmSync(root);
    }
    expect((await get('/readyz')).statusCode).toBe(200);
  });
});
