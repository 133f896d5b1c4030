import { type Database, openDatabase } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '../testing/tcp-proxy.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { waitFor } from '../testing/ws-client.ts';

// The app reaches PostgreSQL through a proxy that the test cuts: PostgreSQL "stops" for this app alone.
let real: Database & { url?: string };
let proxy: TcpProxy;
let through: Database;
let t: TestApp;
beforeAll(async () => {
  real = await openTestDatabase();
  const target = new URL(real.url as string);
  proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
  through = await openDatabase({ url: proxy.through(real.url as string), dataDir: '', poolSize: 5 });
  t = await createTestApp({}, through);
});
afterAll(async () => {
  await proxy.restore();
  await t.close();
  await through.close();
  await proxy.close();
  await real.close();
});

const readyz = () => t.app.inject({ method: 'GET', url: '/readyz' });

describe('readiness on PostgreSQL', () => {
  it('answers 503 naming the database while PostgreSQL cannot be reached, and 200 once it can again', async () => {
    expect((await readyz()).statusCode).toBe(200);
    await proxy.cut();
    const down = await readyz();
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({
      error: 'not_ready',
      details: { failing: ['database'], checks: { database: 'failing', migrations: 'unchecked', storage: 'ok' } },
    });
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    await proxy.restore();
    const up = await waitFor(readyz, (response) => response.statusCode === 200, 15_000);
    expect(up.json()).toEqual({ status: 'ok', checks: { database: 'ok', migrations: 'ok', storage: 'ok' } });
  });
});
