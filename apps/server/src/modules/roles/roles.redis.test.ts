import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { waitFor } from '../../testing/ws-client.ts';

// Two instances on one PostgreSQL database, each caching role access, sessions and /user/detail: a role edit
// made through instance A must show on instance B at once, through Redis.
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

const menusOn = async (t: TestApp, token: string) =>
  Object.keys((await call(t.app, '/user/detail', {}, { token })).body.data.user.auth_menus);

describe('role edits across instances', () => {
  it('a change of the manager role through A shows on B for a signed-in manager, without a new login', async () => {
    const root = await loginAs(a.app, 'root');
    const manager = await loginAs(b.app, 'manager');
    expect(await menusOn(b, manager)).toContain('user-mylist');
    expect((await call(b.app, '/user/mylist', {}, { token: manager })).status).toBe(200);

    const role = (await call(a.app, '/auth/role-detail', { key: 'role_manager' }, { token: root })).body.data;
    const update = (permissions: string[], menus: string[]) =>
      call(
        a.app,
        '/auth/role-update',
        { key: 'role_manager', name: role.name, description: 'Site manager', permissions, menus },
        { token: root },
      );
    const without = await update(
      role.permissions.filter((k: string) => k !== '/user/mylist'),
      role.menus.filter((m: string) => m !== 'user-mylist'),
    );
    expect(without.status).toBe(200);
    await waitFor(
      () => menusOn(b, manager),
      (menus) => !menus.includes('user-mylist'),
      1000,
    );
    expect((await call(b.app, '/user/mylist', {}, { token: manager })).body.error).toBe('forbidden');

    expect((await update(role.permissions, role.menus)).status).toBe(200);
    await waitFor(
      () => menusOn(b, manager),
      (menus) => menus.includes('user-mylist'),
      1000,
    );
    expect((await call(b.app, '/user/mylist', {}, { token: manager })).status).toBe(200);
  });
});
