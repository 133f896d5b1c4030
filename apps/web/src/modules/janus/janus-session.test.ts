import { afterEach, describe, expect, it, vi } from 'vitest';
import { JanusError, JanusSession } from './janus-session.ts';

type Json = Record<string, any>;

/** A WebSocket that answers like Janus: sessions, handles, plugin messages with an ack then the plugin's event. */
class FakeJanus {
  static OPEN = 1;
  static last: FakeJanus;
  readyState = 0;
  sent: Json[] = [];
  onopen: (() => void) | null = null;
  onclose: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocol: string,
  ) {
    FakeJanus.last = this;
    queueMicrotask(() => {
      this.readyState = 1;
      this.onopen?.();
    });
  }
  send(text: string) {
    const request = JSON.parse(text) as Json;
    this.sent.push(request);
    const { transaction } = request;
    if (request.janus === 'create') this.deliver({ janus: 'success', transaction, data: { id: 100 } });
    if (request.janus === 'attach') this.deliver({ janus: 'success', transaction, session_id: 100, data: { id: 7 } });
    if (request.janus === 'keepalive' || request.janus === 'trickle') this.deliver({ janus: 'ack', transaction });
    if (request.janus === 'message') {
      this.deliver({ janus: 'ack', transaction });
      const refused = request.body.room === 404;
      const data = refused
        ? { videoroom: 'event', error_code: 426, error: 'No such room' }
        : { videoroom: 'joined', id: 55, private_id: 99, publishers: [] };
      queueMicrotask(() =>
        this.deliver({
          janus: 'event',
          transaction,
          sender: 7,
          plugindata: { plugin: 'janus.plugin.videoroom', data },
        }),
      );
    }
  }
  deliver(message: Json) {
    this.onmessage?.({ data: JSON.stringify(message) });
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Janus session over its WebSocket API', () => {
  it('creates a session with the token, attaches, and answers a plugin message with its event (not the ack)', async () => {
    vi.stubGlobal('WebSocket', FakeJanus);
    const session = await JanusSession.connect('ws://janus', 'signed-token');
    expect(FakeJanus.last.protocol).toBe('janus-protocol');
    expect(FakeJanus.last.sent[0]).toMatchObject({ janus: 'create', token: 'signed-token' });
    const handle = await session.attach('janus.plugin.videoroom');
    expect(FakeJanus.last.sent[1]).toMatchObject({ janus: 'attach', session_id: 100, token: 'signed-token' });
    const { data } = await handle.message({ request: 'join', ptype: 'publisher', room: 1 });
    expect(data).toMatchObject({ videoroom: 'joined', private_id: 99 });
    await expect(handle.message({ request: 'join', room: 404 })).rejects.toMatchObject({ code: 426 });
    session.close();
  });

  it('routes events nobody asked for to their handle, and tells a lost connection once', async () => {
    vi.stubGlobal('WebSocket', FakeJanus);
    const session = await JanusSession.connect('ws://janus', 't');
    const handle = await session.attach('janus.plugin.videoroom');
    const events: Json[] = [];
    handle.onEvent = (data) => events.push(data);
    const lost = vi.fn();
    session.onLost = lost;
    FakeJanus.last.deliver({
      janus: 'event',
      sender: 7,
      plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'event', unpublished: 55 } },
    });
    expect(events).toEqual([{ videoroom: 'event', unpublished: 55 }]);
    FakeJanus.last.close();
    expect(lost).toHaveBeenCalledTimes(1);
    await expect(handle.message({ request: 'leave' })).rejects.toBeInstanceOf(JanusError);
  });

  it('keeps the session alive every 25 s', async () => {
    vi.stubGlobal('WebSocket', FakeJanus);
    const session = await JanusSession.connect('ws://janus', 't');
    vi.useFakeTimers();
    // The interval was set before the fake timers: a new session under them shows the cadence.
    const second = JanusSession.connect('ws://janus', 't');
    await vi.advanceTimersByTimeAsync(0);
    const next = await second;
    FakeJanus.last.sent.length = 0;
    await vi.advanceTimersByTimeAsync(25_000);
    expect(FakeJanus.last.sent.map((m) => m.janus)).toEqual(['keepalive']);
    next.close();
    session.close();
  });
});
