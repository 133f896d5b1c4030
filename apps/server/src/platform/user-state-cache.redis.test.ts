import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { waitFor } from '../testing/ws-client.ts';

// Two instances that each cache sessions and /user/detail for a few seconds: a change made through one
// instance must reach the other at once, through Redis (well within the 5 s the entries would live).
const redisUrl = new URL(process.env.TEST_REDIS_URL!);
redisUrl.pathname = `/${randomInt(1, 16)}`;
const env = { REDIS_URL: redisUrl.toString(), RATE_LIMIT: 'off' };

let database: TestApp['database'];
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp(env, database);
  b = await createTestApp(env, database);
  await Promise.all([a.deps.hub.ready(), b.deps.hub.ready()]);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

describe('cached sessions across instances', () => {
  it('a logout on one instance ends the session on the other at once', async () => {
    const token = await loginAs(a.app, 'teacher');
    expect((await call(b.app, '/user/detail', {}, { token })).status).toBe(200);
    expect((await call(a.app, '/index/logout', {}, { token })).status).toBe(200);
    await waitFor(
      () => call(b.app, '/user/detail', {}, { token }),
      (result) => result.status === 401,
      1000,
    );
  });

  it('a role switch on one instance shows the new menus on the other', async () => {
    const token = await loginAs(a.app, 'manager');
    const before = await call(b.app, '/user/detail', {}, { token });
    expect(before.body.data.user.siteUser.current_role).toBe('role_manager');
    await call(a.app, '/user/change-role', { rolename: 'role_teacher' }, { token });
    const after = await waitFor(
      () => call(b.app, '/user/detail', {}, { token }),
      (result) => result.body.data?.user.siteUser.current_role === 'role_teacher',
      1000,
    );
    expect(Object.keys(after.body.data.user.auth_menus)).not.toContain('user-mylist');
  });
});
