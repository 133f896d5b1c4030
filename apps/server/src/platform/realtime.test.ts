import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { listenForSockets, openSocket, type WsClient, waitFor } from '../testing/ws-client.ts';
import { registerUserStat } from './user-stat.ts';

let t: TestApp;
let url: string;
const clients: WsClient[] = [];

registerUserStat('test_name_length', async (_deps, session) => session.username.length);
registerUserStat('test_broken_count', async () => {
  throw new Error('a broken module');
});

beforeAll(async () => {
  t = await createTestApp();
  url = await listenForSockets(t.app);
});
afterAll(() => t.close());
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await waitFor(
    () => t.deps.hub.onlineCounts(),
    (counts) => counts.sockets === 0,
  );
});

/** Opens a socket and waits for one heartbeat reply, so that the server has attached it to the user. */
async function connect(token: string): Promise<WsClient> {
  const client = await openSocket(url, { token });
  clients.push(client);
  await client.heartbeat();
  return client;
}

async function signIn(username: string): Promise<{ token: string; userId: number }> {
  const { body } = await call(t.app, '/index/login', { username, password: DEMO_PASSWORD });
  return { token: body.data.accessToken, userId: body.data.id };
}

describe('websocket /ws', () => {
  it('answers the client heartbeat with the user stats of the to-do panel', async () => {
    const client = await openSocket(url, { token: await loginAs(t.app, 'student') });
    clients.push(client);
    const reply = await client.heartbeat();
    expect(reply).toEqual({
      data: {
        action: 'heartbeat',
        user_stat: expect.objectContaining({ test_name_length: 'student'.length, test_broken_count: 0 }),
      },
    });
    expect(reply.data.user_stat.course_interact_task_count).toEqual(expect.any(Number));
    expect(reply.data.user_stat.examine_count).toEqual(expect.any(Number));
  });

  it('ignores malformed messages and keeps the socket open', async () => {
    const client = await openSocket(url, { token: await loginAs(t.app, 'student') });
    clients.push(client);
    for (const junk of [
      'not json',
      '{"data":0}',
      'null',
      '"0"',
      '[]',
      JSON.stringify({ data: '0', pad: 'x'.repeat(2000) }),
    ]) {
      client.socket.send(junk);
    }
    client.socket.send(Buffer.from([0xff, 0x00]), { binary: true });
    await client.heartbeat();
    expect(client.messages).toHaveLength(1);
    expect(client.socket.readyState).toBe(client.socket.OPEN);
  });

  it('closes a socket that sends a frame over 4 KB (1009, message too big)', async () => {
    const client = await openSocket(url, { token: await loginAs(t.app, 'student') });
    clients.push(client);
    client.socket.send('x'.repeat(5000));
    expect((await client.closedWithin()).code).toBe(1009);
  });

  it('takes the token from the access-token header too', async () => {
    const client = await openSocket(url, { headers: { 'access-token': await loginAs(t.app, 'teacher') } });
    clients.push(client);
    const reply = await client.heartbeat();
    expect(reply.data.user_stat.test_name_length).toBe('teacher'.length);
  });

  it('closes the socket with 4401 auth_fail for a bad or missing token', async () => {
    const bad = await openSocket(url, { token: 'not-a-real-token' });
    expect(await bad.closedWithin()).toEqual({ code: 4401, reason: 'auth_fail' });
    const missing = await openSocket(url);
    expect(await missing.closedWithin()).toEqual({ code: 4401, reason: 'auth_fail' });
  });

  it('closes the socket of a logged-out token on a later heartbeat', async () => {
    const { token } = await signIn('student');
    const client = await connect(token);
    const previous = t.deps.hub.sessionRecheckMs;
    t.deps.hub.sessionRecheckMs = 0;
    try {
      expect(await call(t.app, '/index/logout', {}, { token })).toMatchObject({ status: 200 });
      client.socket.send(JSON.stringify({ data: '0', message: '0' }));
      expect(await client.closedWithin()).toEqual({ code: 4401, reason: 'auth_fail' });
    } finally {
      t.deps.hub.sessionRecheckMs = previous;
    }
  });

  it('keeps a logged-out socket until the recheck interval has passed', async () => {
    const { token } = await signIn('student');
    const client = await connect(token);
    await call(t.app, '/index/logout', {}, { token });
    const reply = await client.heartbeat();
    expect(reply.data.action).toBe('heartbeat');
  });
});

describe('RealtimeHub.publishToUser', () => {
  it("reaches every socket of the user and no other user's", async () => {
    const student = await signIn('student');
    const studentTab1 = await connect(student.token);
    const studentTab2 = await connect(student.token);
    const teacher = await connect((await signIn('teacher')).token);
    const notice = { data: { action: 'notice', text: 'exam starts' } };
    await t.deps.hub.publishToUser(student.userId, notice);
    await waitFor(
      () => [studentTab1, studentTab2].map((client) => client.messages.at(-1)),
      (last) => last.every((message) => message?.data?.action === 'notice'),
    );
    expect(studentTab1.messages.at(-1)).toEqual(notice);
    await teacher.heartbeat();
    expect(teacher.messages.map((message) => message.data.action)).toEqual(['heartbeat', 'heartbeat']);
  });
});

describe('/system/online-users', () => {
  it('counts users with an open socket and their sockets, for the operator only', async () => {
    const operator = await loginAs(t.app, 'operator');
    const studentToken = await loginAs(t.app, 'student');
    const studentTab = await connect(studentToken);
    await connect(studentToken);
    await connect(await loginAs(t.app, 'teacher'));
    expect(await call(t.app, '/system/online-users', {}, { token: operator })).toMatchObject({
      status: 200,
      body: { data: { users: 2, sockets: 3 } },
    });
    await studentTab.close();
    const after = await waitFor(
      () => call(t.app, '/system/online-users', {}, { token: operator }),
      (result) => result.body.data?.sockets === 2,
    );
    expect(after.body.data).toEqual({ users: 2, sockets: 2 });
    expect(await call(t.app, '/system/online-users', {}, { token: studentToken })).toMatchObject({
      status: 403,
      body: { error: 'forbidden' },
    });
  });
});
