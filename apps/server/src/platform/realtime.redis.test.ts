import { randomInt } from 'node:crypto';
import { schema } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../testing/ws-client.ts';

// Two instances of the server sharing one PostgreSQL database and one Redis database. A random Redis
// database number keeps other suites running at the same time out of the channel and the counts.
const redisUrl = new URL(process.env.TEST_REDIS_URL!);
redisUrl.pathname = `/${randomInt(1, 16)}`;
const env = { REDIS_URL: redisUrl.toString(), RATE_LIMIT: 'off' };

let database: TestApp['database'];
let a: TestApp;
let b: TestApp;
const urls = new Map<TestApp, string>();
const clients: WsClient[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp(env, database);
  b = await createTestApp(env, database);
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

describe('two instances sharing PostgreSQL and Redis', () => {
  it("a message published on A reaches the user's sockets on both instances, and no one else", async () => {
    const student = await signIn(a, 'student');
    const onB = await connect(b, student.token);
    const onA = await connect(a, student.token);
    const teacherOnB = await connect(b, (await signIn(b, 'teacher')).token);
    const notice = { data: { action: 'notice', text: 'exam starts' } };
    await a.deps.hub.publishToUser(student.userId, notice);
    for (const client of [onA, onB]) {
      await waitFor(
        () => client.messages.at(-1),
        (last) => last?.data?.action === 'notice',
      );
      expect(client.messages.at(-1)).toEqual(notice);
    }
    // Anything sent to the teacher would arrive before the reply to this later heartbeat.
    await teacherOnB.heartbeat();
    expect(teacherOnB.messages.map((message) => message.data.action)).toEqual(['heartbeat', 'heartbeat']);
  });

  it('one message published on A to several users reaches each of them on both instances, and no one else', async () => {
    const student = await signIn(a, 'student');
    const other = await signIn(a, 'student2');
    const onB = await connect(b, student.token);
    const otherOnA = await connect(a, other.token);
    const teacherOnB = await connect(b, (await signIn(b, 'teacher')).token);
    const question = { data: { action: 'interact', event: 'question', run_id: 1 } };
    await a.deps.hub.publishToUsers([student.userId, other.userId], question);
    for (const client of [onB, otherOnA]) {
      await waitFor(
        () => client.messages.at(-1),
        (last) => last?.data?.action === 'interact',
      );
      expect(client.messages.at(-1)).toEqual(question);
    }
    await teacherOnB.heartbeat();
    expect(teacherOnB.messages.map((message) => message.data.action)).toEqual(['heartbeat', 'heartbeat']);
  });

  it('/system/auth-refresh on A makes role edits take effect on B', async () => {
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
      // B still serves the permissions it cached: the edit needs the refresh.
      expect((await onlineUsersOnB()).status).toBe(200);
      expect(await call(a.app, '/system/auth-refresh', {}, { token: root })).toMatchObject({
        status: 200,
        body: { data: { ok: true } },
      });
      const refused = await waitFor(onlineUsersOnB, (result) => result.status === 403);
      expect(refused.body.error).toBe('forbidden');
    } finally {
      await database.db.insert(rolePermissions).values(grant).onConflictDoNothing();
      await call(a.app, '/system/auth-refresh', {}, { token: root });
    }
    await waitFor(onlineUsersOnB, (result) => result.status === 200);
  });

  it('the online counts seen from either instance cover the sockets of both', async () => {
    const operator = await loginAs(a.app, 'operator');
    const onlineUsers = (instance: TestApp) =>
      call(instance.app, '/system/online-users', {}, { token: operator }).then((result) => result.body.data);
    const student = await signIn(a, 'student');
    const studentOnB = await connect(b, student.token);
    await connect(a, student.token);
    await connect(b, (await signIn(b, 'teacher')).token);
    expect(
      await waitFor(
        () => onlineUsers(a),
        (counts) => counts?.sockets === 3,
      ),
    ).toEqual({ users: 2, sockets: 3 });
    expect(await onlineUsers(b)).toEqual({ users: 2, sockets: 3 });
    await studentOnB.close();
    expect(
      await waitFor(
        () => onlineUsers(a),
        (counts) => counts?.sockets === 2,
      ),
    ).toEqual({ users: 2, sockets: 2 });
  });

  it("an instance that stops takes its sockets out of the others' counts", async () => {
    const c = await createTestApp(env, database);
    try {
      const url = await listenForSockets(c.app);
      const client = await openSocket(url, { token: await loginAs(c.app, 'student') });
      await client.heartbeat();
      await waitFor(
        () => a.deps.hub.onlineCounts(),
        (counts) => counts.sockets === 1,
      );
    } finally {
      await c.close();
    }
    expect(
      await waitFor(
        () => a.deps.hub.onlineCounts(),
        (counts) => counts.sockets === 0,
      ),
    ).toEqual({
      users: 0,
      sockets: 0,
    });
  });
});
