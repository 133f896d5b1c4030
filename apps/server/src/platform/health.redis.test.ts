import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { waitFor } from '../testing/ws-client.ts';

// The app reaches Redis through a proxy that the test cuts.
let proxy: TcpProxy;
let t: TestApp;
beforeAll(async () => {
  const redisUrl = process.env.TEST_REDIS_URL as string;
  const target = new URL(redisUrl);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
  t = await createTestApp({ REDIS_URL: proxy.through(redisUrl) });
});
afterAll(async () => {
  await proxy.restore();
  await t.close();
  await proxy.close();
});

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

describe('readiness with Redis', () => {
  it('checks Redis, answers 503 naming it while it cannot be reached, and 200 once it can again', async () => {
    const ready = await waitFor(readyz, (response) => response.statusCode === 200);
    expect(ready.json().checks).toEqual({ database: 'ok', migrations: 'ok', redis: 'ok', storage: 'ok' });
    await proxy.cut();
    const down = await waitFor(readyz, (response) => response.statusCode === 503);
    expect(down.json()).toMatchObject({ error: 'not_ready', details: { failing: ['redis'] } });
    await proxy.restore();
    await waitFor(readyz, (response) => response.statusCode === 200, 15_000);
  });
});
