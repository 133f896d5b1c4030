import { schema } from '@app/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LOGIN_LIMITS } from './login.service.ts';

/** The address of the newest login audit line of `username`. */
async function lastLoginAddress(t: TestApp, username: string) {
  const [row] = await t.deps.db
    .select({ ip: schema.auditLogs.ip })
    .from(schema.auditLogs)
    .innerJoin(schema.users, eq(schema.users.id, schema.auditLogs.userId))
    .where(and(eq(schema.users.username, username), eq(schema.auditLogs.action, 'login')))
    .orderBy(desc(schema.auditLogs.id))
    .limit(1);
  return row?.ip;
}

describe('client address with the default TRUST_PROXY (none)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('a forged X-Forwarded-For changes nothing: the connection address is counted and audited', async () => {
    const forged = (i: number) => ({ headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      const failed = await call(t.app, '/index/login', { username: `nobody${i}`, password: 'Demo1234' }, forged(i));
      expect(failed.body.error).toBe('login_failed');
    }
    const limited = await call(t.app, '/index/login', { username: 'student', password: 'Demo1234' }, forged(99));
    expect(limited.status).toBe(429);

    const elsewhere = { ip: '198.51.100.4', headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect((await call(t.app, '/index/login', { username: 'student', password: 'Demo1234' }, elsewhere)).status).toBe(
      200,
    );
    expect(await lastLoginAddress(t, 'student')).toBe('198.51.100.4');
  });
});

describe('client address with TRUST_PROXY=127.0.0.1', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it("believes the trusted proxy's X-Forwarded-For, and only that proxy's", async () => {
    const viaProxy = { ip: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect((await call(t.app, '/index/login', { username: 'teacher', password: 'Demo1234' }, viaProxy)).status).toBe(
      200,
    );
    expect(await lastLoginAddress(t, 'teacher')).toBe('203.0.113.9');

    const notTheProxy = { ip: '198.51.100.7', headers: { 'x-forwarded-for': '203.0.113.10' } };
    expect((await call(t.app, '/index/login', { username: 'teacher', password: 'Demo1234' }, notTheProxy)).status).toBe(
      200,
    );
    expect(await lastLoginAddress(t, 'teacher')).toBe('198.51.100.7');
  });

  it('counts failures per forwarded address: one client at its limit does not hold back another', async () => {
    const client = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      await call(t.app, '/index/login', { username: `nobody${i}`, password: 'Demo1234' }, client('203.0.113.20'));
    }
    const limited = await call(
      t.app,
      '/index/login',
      { username: 'student', password: 'Demo1234' },
      client('203.0.113.20'),
    );
    expect(limited.status).toBe(429);
    const other = await call(
      t.app,
      '/index/login',
      { username: 'student', password: 'Demo1234' },
      client('203.0.113.21'),
    );
    expect(other.status).toBe(200);
  });
});
