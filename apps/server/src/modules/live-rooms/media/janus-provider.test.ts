import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BrowserSession, type Json } from '../../../testing/janus-browser.ts';
import { fillJanusTemplate, janusPresent, startJanus, type TestJanus } from '../../../testing/janus-server.ts';
import { waitFor } from '../../../testing/ws-client.ts';
import { JanusClient, JanusError } from './janus-client.ts';
import { JanusProvider } from './janus-provider.ts';
import { janusRoomToken, signJanusToken, userOfRoomToken, VIDEOROOM } from './janus-tokens.ts';

const hasJanus = janusPresent('the Janus media-server tests');

describe.skipIf(!hasJanus)('Janus provider against a real Janus', () => {
  let janus: TestJanus;
  let provider: JanusProvider;
  const sessions: BrowserSession[] = [];
  /** What Janus's event handler POSTed (each POST a JSON array of events). */
  const events: Json[] = [];
  const collector = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      events.push(...[JSON.parse(body)].flat());
      response.end();
    });
  });
  const browser = async (token: string | undefined) => {
    const session = await BrowserSession.open(janus.wsUrl, token);
    sessions.push(session);
    return session;
  };

  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    janus = await startJanus({ eventsUrl: `http://127.0.0.1:${(collector.address() as AddressInfo).port}/events` });
    provider = new JanusProvider({
      url: janus.env.JANUS_URL!,
      publicUrl: janus.env.JANUS_PUBLIC_URL!,
      tokenSecret: janus.env.JANUS_TOKEN_SECRET!,
      roomKey: janus.env.JANUS_ROOM_KEY!,
      recordingsDir: janus.recordingsDir,
      iceServers: ['stun:stun.example.org:3478', 'turns:turn.example.org:5349'],
      turnSecret: 'a-shared-secret-of-coturn',
    });
  });

  afterAll(async () => {
    for (const session of sessions) session.close();
    await janus?.close();
    collector.close();
  });

  it('accepts a signed token and refuses a request without one, a tampered one or an expired one (403)', async () => {
    const secret = janus.env.JANUS_TOKEN_SECRET!;
    const create = (token?: string) =>
      fetch(janus.httpUrl, {
        method: 'POST',
        body: JSON.stringify({ janus: 'create', transaction: 't', token }),
      }).then((response) => response.json() as Promise<Json>);
    const valid = signJanusToken(secret, new Date(Date.now() + 60_000));
    expect(valid).toMatch(/^\d+,janus,janus\.plugin\.videoroom:[A-Za-z0-9+/]+=*$/);
    expect((await create(valid)).janus).toBe('success');

    const [data, signature] = valid.split(':') as [string, string];
    const later = `${Number(data.split(',')[0]) + 3600},janus,${VIDEOROOM}`;
    const refused = [
      undefined,
      `${later}:${signature}`, // a longer life under the old signature
      `${data}:${signature.slice(0, -4)}AAA=`,
      signJanusToken('not-the-secret', new Date(Date.now() + 60_000)),
      signJanusToken(secret, new Date(Date.now() - 1000)),
    ];
    for (const token of refused) expect((await create(token)).error?.code, token).toBe(403);

    // A token that does not name the VideoRoom opens a session but cannot attach to it.
    const client = new JanusClient({ url: janus.httpUrl, tokenSecret: secret });
    const sessionId = await client.createSession();
    const plain = signJanusToken(secret, new Date(Date.now() + 60_000), []);
    const attach = await fetch(`${janus.httpUrl}/${sessionId}`, {
      method: 'POST',
      body: JSON.stringify({ janus: 'attach', plugin: VIDEOROOM, transaction: 'a', token: plain }),
    }).then((response) => response.json() as Promise<Json>);
    expect(attach.janus).toBe('error');
    await client.destroy(sessionId);
  });

  it('turns Janus errors into JanusErrors with the code and reason', async () => {
    const wrong = new JanusClient({ url: janus.httpUrl, tokenSecret: 'not-the-secret' });
    await expect(wrong.createSession()).rejects.toMatchObject({ code: 403 });
    const client = new JanusClient({ url: janus.httpUrl, tokenSecret: janus.env.JANUS_TOKEN_SECRET! });
    const error = await client
      .withVideoRoom((send) => send({ request: 'create', room: 9, admin_key: 'wrong' }))
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(JanusError);
    expect(error).toMatchObject({ code: 433 }); // unauthorized: the admin key is needed to create rooms
  });

  it('opens a room once, admits users by room token, lists, removes and closes', async () => {
    const room = { id: 4101, title: 'Algebra live', record: false, maxPublishers: 3 };
    await provider.openRoom(room);
    await provider.openRoom(room); // idempotent

    const teacher = await provider.joinCredentials(room.id, 7, 600);
    expect(teacher).toMatchObject({ provider: 'janus', url: janus.wsUrl, room: room.id });
    if (teacher.provider !== 'janus') throw new Error('janus credentials expected');
    expect(teacher.room_token).toBe(janusRoomToken(janus.env.JANUS_ROOM_KEY!, room.id, 7));
    expect(userOfRoomToken(janus.env.JANUS_ROOM_KEY!, room.id, teacher.room_token)).toBe(7);
    expect(Date.parse(teacher.expires_at) - Date.now()).toBeGreaterThan(590_000);
    // STUN as configured; TURN with a credential for user 7 that ends with the tokens (coturn's REST API).
    expect(teacher.ice_servers).toEqual([
      { urls: ['stun:stun.example.org:3478'] },
      {
        urls: ['turns:turn.example.org:5349'],
        username: `${Math.floor(Date.parse(teacher.expires_at) / 1000)}:7`,
        credential: expect.stringMatching(/^[A-Za-z0-9+/]{27}=$/),
      },
    ]);
    expect((await provider.joinCredentials(room.id, 7, 600)).provider).toBe('janus'); // again: the same token kept

    const first = await browser(teacher.token);
    expect((await first.attach()).janus).toBe('success');
    const joined = await first.join(room.id, 7, teacher.room_token);
    expect(joined).toMatchObject({ videoroom: 'joined', room: room.id });

    // Another user's session with no room token, a made-up one, or user 7's token for room 4102: refused (433).
    const intruder = await browser(teacher.token);
    await intruder.attach();
    for (const token of [undefined, 'u8-made-up', janusRoomToken(janus.env.JANUS_ROOM_KEY!, 4102, 8)]) {
      expect(await intruder.join(room.id, 8, token)).toMatchObject({ videoroom: 'event', error_code: 433 });
    }
    expect(await provider.participants(room.id)).toEqual([{ userId: 7, publisher: false }]);
    // The event handler reports the join with the room token, which names the user it was issued to.
    const joinEvent = await waitFor(
      () => events.find((event) => event.event?.data?.event === 'joined' && event.event.data.room === room.id),
      (event) => event !== undefined,
    );
    expect(joinEvent?.event).toMatchObject({ plugin: VIDEOROOM, data: { display: '7', token: teacher.room_token } });

    await provider.removeUser(room.id, 7);
    await waitFor(
      () => first.messages.find((message) => message.plugindata?.data?.leaving === 'ok'),
      (event) => event !== undefined,
    );
    expect(first.messages.at(-1)?.plugindata?.data).toMatchObject({ leaving: 'ok', reason: 'kicked' });
    expect(await provider.participants(room.id)).toEqual([]);
    const again = await browser(teacher.token);
    await again.attach();
    expect(await again.join(room.id, 7, teacher.room_token)).toMatchObject({ error_code: 433 });
    await provider.removeUser(room.id, 7); // nothing left to remove: no error

    await provider.closeRoom(room.id);
    await provider.closeRoom(room.id); // already gone: no error
    const late = await browser(teacher.token);
    await late.attach();
    expect(await late.join(room.id, 7, teacher.room_token)).toMatchObject({ error_code: 426 }); // no such room
    await expect(provider.joinCredentials(room.id, 7, 600)).rejects.toMatchObject({ code: 426 });
    await provider.removeUser(room.id, 7); // the room is gone: no error
  });

  it('creates recorded rooms writing to the recordings folder', async () => {
    await provider.openRoom({ id: 4103, title: 'Recorded', record: true, maxPublishers: 1 });
    const rooms = await provider.client.withVideoRoom((send) =>
      send({ request: 'list', admin_key: janus.env.JANUS_ROOM_KEY! }),
    );
    const listed = (rooms.list as Json[]).find((entry) => entry.room === 4103);
    expect(listed).toMatchObject({ record: true, rec_dir: janus.recordingsDir, max_publishers: 1, videocodec: 'vp8' });
    await provider.closeRoom(4103);
  });
});

describe('Janus configuration templates', () => {
  it('fills placeholders, comments out a line whose value is empty and leaves comments alone', () => {
    const template = '# {{A}} is documented\nport = {{A}}\norigin = "{{B}}"\n';
    expect(fillJanusTemplate(template, { A: '8088', B: '' })).toBe(
      '# {{A}} is documented\nport = 8088\n#origin = ""\n',
    );
    expect(() => fillJanusTemplate('x = {{C}}', {})).toThrow(/\{\{C\}\}/);
  });
});
