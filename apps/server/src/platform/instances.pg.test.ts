import { queryRows, schema } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_LIMITS } from '../modules/auth/index.ts';
import { call, createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../testing/ws-client.ts';

// Two instances of the server on one PostgreSQL database and no Redis: they share cache events, websocket
// messages, presence and rate limits through PostgreSQL (LISTEN/NOTIFY and UNLOGGED tables). Rate limits stay on.
/** What a change may take to reach the other instance: one notification's delivery, not a cache entry's life. */
const DELIVERY_MS = 1000;

let database: TestApp['database'];
let a: TestApp;
let b: TestApp;
const urls = new Map<TestApp, string>();
const clients: WsClient[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp({}, database);
  b = await createTestApp({}, database);
  for (const instance of [a, b]) {
    urls.set(instance, await listenForSockets(instance.app));
    await instance.deps.hub.ready();
  }
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await waitFor(
    () => a.deps.hub.onlineCounts(),
    (counts) => counts.sockets === 0,
  );
});

/** Opens a socket on an instance and waits for a heartbeat reply, so that the instance has attached it. */
async function connect(instance: TestApp, token: string): Promise<WsClient> {
  const client = await openSocket(urls.get(instance)!, { token });
  clients.push(client);
  await client.heartbeat();
  return client;
}

async function signIn(instance: TestApp, username: string): Promise<{ token: string; userId: number }> {
  const { body } = await call(instance.app, '/index/login', { username, password: DEMO_PASSWORD });
  return { token: body.data.accessToken, userId: body.data.id };
}

/** This database's listening connections (one per instance), as `select pid` or `pg_terminate_backend(pid)`. */
const listeners = (what = sql`pid`) =>
  queryRows<{ pid: number }>(
    database.db,
    sql`select ${what} from pg_stat_activity where datname = current_database() and query = 'LISTEN realtime_events'`,
  );

describe('two instances on PostgreSQL without Redis', () => {
  it('a token logged out on A is refused on B at once, though B had cached its session', async () => {
    const token = await loginAs(a.app, 'teacher');
    expect((await call(b.app, '/user/detail', {}, { token })).status).toBe(200);
    expect((await call(a.app, '/index/logout', {}, { token })).status).toBe(200);
    const refused = await waitFor(
      () => call(b.app, '/user/detail', {}, { token }),
      (result) => result.status === 401,
      DELIVERY_MS,
    );
    expect(refused.body.error).toBe('auth_fail');
  });

  it("a message published on A reaches the user's socket on B, a large one too, and no one else's", async () => {
    const student = await signIn(a, 'student');
    const onB = await connect(b, student.token);
    const teacherOnB = await connect(b, (await signIn(b, 'teacher')).token);
    const small = { data: { action: 'notice', text: 'exam starts' } };
    // Over PostgreSQL's 8000-byte NOTIFY payload: it travels as a stored row.
    const large = { data: { action: 'notice', text: '注'.repeat(10_000) } };
    for (const message of [small, large]) {
      await a.deps.hub.publishToUser(student.userId, message);
      await waitFor(
        () => onB.messages.at(-1),
        (last) => last?.data?.action === 'notice' && last.data.text === message.data.text,
        DELIVERY_MS,
      );
    }
    // Anything sent to the teacher would arrive before the reply to this later heartbeat.
    await teacherOnB.heartbeat();
    expect(teacherOnB.messages.map((message) => message.data.action)).toEqual(['heartbeat', 'heartbeat']);
  });

  it('/system/auth-refresh on A (access_changed) drops the permissions B cached', async () => {
    await withoutGrant(async (onlineUsersOnB, root) => {
      expect(await call(a.app, '/system/auth-refresh', {}, { token: root })).toMatchObject({ status: 200 });
      await waitFor(onlineUsersOnB, (result) => result.status === 403, DELIVERY_MS);
    });
  });

  it('a killed listening connection comes back, drops what was cached meanwhile, and messages flow again', async () => {
    const student = await signIn(a, 'student');
    const onB = await connect(b, student.token);
    await withoutGrant(async (onlineUsersOnB) => {
      const killed = await listeners();
      expect(killed).toHaveLength(2);
      await listeners(sql`pg_terminate_backend(pid)`);
      // Nobody announced the grant's removal: B sees it because reconnecting dropped its caches.
      await waitFor(onlineUsersOnB, (result) => result.status === 403);
      const killedPids = killed.map((row) => row.pid);
      await waitFor(listeners, (rows) => rows.length === 2 && rows.every((row) => !killedPids.includes(row.pid)));
    });
    const notice = { data: { action: 'notice', text: 'after the reconnect' } };
    await a.deps.hub.publishToUser(student.userId, notice);
    await waitFor(
      () => onB.messages.at(-1),
      (last) => last?.data?.text === notice.data.text,
      DELIVERY_MS,
    );
  });

  it('the online counts seen from either instance cover the sockets of both', async () => {
    const operator = await loginAs(a.app, 'operator');
    const onlineUsers = (instance: TestApp) =>
      call(instance.app, '/system/online-users', {}, { token: operator }).then((result) => result.body.data);
    const student = await signIn(a, 'student');
    await connect(b, student.token);
    await connect(a, student.token);
    await connect(b, (await signIn(b, 'teacher')).token);
    expect(
      await waitFor(
        () => onlineUsers(a),
        (counts) => counts?.sockets === 3,
      ),
    ).toEqual({ users: 2, sockets: 3 });
    expect(await onlineUsers(b)).toEqual({ users: 2, sockets: 3 });
    // The list adds up each user's sockets over both instances.
    const list = await call(b.app, '/system/online-users-all', {}, { token: operator });
    const sockets = Object.fromEntries(list.body.data.list.map((u) => [u.username, u.sockets]));
    expect(sockets).toEqual({ student: 2, teacher: 1 });
  });

  it('failed logins through A and B count against one per-address limit', async () => {
    // Distinct unknown names, so only the address's failures add up (no account delay starts).
    const attempt = (instance: TestApp, i: number) =>
      call(instance.app, '/index/login', { username: `nobody${i}`, password: 'Wrong1234' }, { ip: '10.1.0.9' });
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect((await attempt(i % 2 ? b : a, i)).body.error).toBe('login_failed');
    }
    for (const instance of [a, b]) {
      const refused = await attempt(instance, 999);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toBe('too_many_requests');
    }
  });
});

/**
 * Runs `body` with `/system/online-users` taken from role_operator in the database behind the instances' backs,
 * after B has cached the operator's permissions (B still answers 200); then grants it back and refreshes.
 */
async function withoutGrant(
  body: (onlineUsersOnB: () => ReturnType<typeof call>, rootToken: string) => Promise<void>,
): Promise<void> {
  const { rolePermissions } = schema;
  const grant = { roleKey: 'role_operator', permissionKey: '/system/online-users' };
  const operatorOnB = await loginAs(b.app, 'operator');
  const root = await loginAs(a.app, 'root');
  const onlineUsersOnB = () => call(b.app, '/system/online-users', {}, { token: operatorOnB });
  expect((await onlineUsersOnB()).status).toBe(200);
  await database.db
    .delete(rolePermissions)
    .where(and(eq(rolePermissions.roleKey, grant.roleKey), eq(rolePermissions.permissionKey, grant.permissionKey)));
  try {
    expect((await onlineUsersOnB()).status).toBe(200);
    await body(onlineUsersOnB, root);
  } finally {
    await database.db.insert(rolePermissions).values(grant).onConflictDoNothing();
    await call(a.app, '/system/auth-refresh', {}, { token: root });
  }
  await waitFor(onlineUsersOnB, (result) => result.status === 200);
}
