/**
 * The browser's side of Janus's WebSocket API (subprotocol `janus-protocol`): one session with its keepalive, plugin
 * handles, requests matched to answers by transaction, and the events Janus sends on its own routed to their handle.
 * No dependency: the parts of janus.js a VideoRoom page needs (janus-room.ts builds on it).
 */

/** What a plugin answers or tells (`plugindata.data`): the VideoRoom's `videoroom` field and its own fields. */
export type PluginData = Record<string, unknown> & { videoroom?: string; error_code?: number; error?: string };

interface JanusMessage {
  janus: string;
  transaction?: string;
  session_id?: number;
  sender?: number;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: PluginData };
  jsep?: RTCSessionDescriptionInit;
}

/** A refusal from Janus (core `error`, or a plugin's `error_code`), or a request without answer (code 0). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

interface Pending {
  resolve: (message: JanusMessage) => void;
  reject: (error: Error) => void;
  /** Plugin messages answer with an `ack` first, then the plugin's event: wait for the event. */
  waitEvent: boolean;
  timer: ReturnType<typeof setTimeout>;
}

const KEEPALIVE_MS = 25_000;
const REQUEST_MS = 15_000;

let transactions = 0;
const nextTransaction = () => `t${Date.now().toString(36)}${(transactions++).toString(36)}`;

export class JanusSession {
  private id: number | null = null;
  private readonly pending = new Map<string, Pending>();
  private readonly handles = new Map<number, JanusHandle>();
  private keepalive: ReturnType<typeof setInterval> | undefined;
  private closed = false;
  /** Called once when the connection ends without `close()` (socket lost, session timed out on Janus). */
  onLost: (() => void) | null = null;

  private constructor(
    private readonly socket: WebSocket,
    private readonly token: string,
  ) {
    socket.onmessage = (event) => {
      try {
        this.receive(JSON.parse(String(event.data)) as JanusMessage);
      } catch (error) {
        console.warn('janus message', error);
      }
    };
    socket.onclose = () => this.end(true);
  }

  /** Opens the socket and creates a session (`token`: the signed token Janus's token_auth checks on every request). */
  static async connect(url: string, token: string): Promise<JanusSession> {
    const socket = new WebSocket(url, 'janus-protocol');
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new JanusError(0, 'media server unreachable')), REQUEST_MS);
      socket.onopen = () => {
        clearTimeout(timer);
        resolve();
      };
      socket.onclose = () => {
        clearTimeout(timer);
        reject(new JanusError(0, 'media server unreachable'));
      };
    });
    const session = new JanusSession(socket, token);
    try {
      const created = await session.send({ janus: 'create' });
      session.id = created.data?.id ?? null;
      if (session.id === null) throw new JanusError(0, 'no session');
    } catch (error) {
      session.close();
      throw error;
    }
    session.keepalive = setInterval(() => {
      session.send({ janus: 'keepalive' }).catch(() => undefined);
    }, KEEPALIVE_MS);
    return session;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends a request of the session; resolves with Janus's answer (`success`, `ack`, or the plugin's event). */
  send(body: Record<string, unknown>, waitEvent = false): Promise<JanusMessage> {
    if (this.closed) return Promise.reject(new JanusError(0, 'session closed'));
    const transaction = nextTransaction();
    const message = { ...body, transaction, token: this.token, ...(this.id === null ? {} : { session_id: this.id }) };
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(transaction);
        reject(new JanusError(0, `no answer to ${String(body.janus)}`));
      }, REQUEST_MS);
      this.pending.set(transaction, { resolve, reject, waitEvent, timer });
      this.socket.send(JSON.stringify(message));
    });
  }

  /** A new handle on `plugin` (the VideoRoom for every publisher and subscriber). */
  async attach(plugin: string): Promise<JanusHandle> {
    const answer = await this.send({ janus: 'attach', plugin });
    const id = answer.data?.id;
    if (id === undefined) throw new JanusError(0, 'no handle');
    const handle = new JanusHandle(this, id);
    this.handles.set(id, handle);
    return handle;
  }

  /** @internal */
  forget(handleId: number): void {
    this.handles.delete(handleId);
  }

  private receive(message: JanusMessage): void {
    const pending = message.transaction ? this.pending.get(message.transaction) : undefined;
    if (pending && !(message.janus === 'ack' && pending.waitEvent)) {
      this.pending.delete(message.transaction!);
      clearTimeout(pending.timer);
      const plugin = message.plugindata?.data;
      if (message.janus === 'error') {
        pending.reject(new JanusError(message.error?.code ?? 0, message.error?.reason ?? 'error'));
      } else if (plugin?.error_code !== undefined) {
        pending.reject(new JanusError(plugin.error_code, plugin.error ?? 'error'));
      } else {
        pending.resolve(message);
      }
      return;
    }
    if (pending) return;
    if (message.janus === 'timeout') {
      this.end(true);
      return;
    }
    const handle = message.sender === undefined ? undefined : this.handles.get(message.sender);
    handle?.receive(message);
  }

  private end(lost: boolean): void {
    if (this.closed) return;
    this.closed = true;
    clearInterval(this.keepalive);
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(new JanusError(0, 'session closed'));
    }
    this.pending.clear();
    for (const handle of this.handles.values()) handle.onHangup?.();
    this.handles.clear();
    if (lost) this.onLost?.();
  }

  /** Ends the session on Janus (best effort) and closes the socket; `onLost` is not called. */
  close(): void {
    if (this.closed) return;
    if (this.id !== null && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(
        JSON.stringify({ janus: 'destroy', session_id: this.id, token: this.token, transaction: 'bye' }),
      );
    }
    this.end(false);
    this.socket.close();
  }
}

/** One plugin handle: a publisher or a subscriber of the room, with its own PeerConnection on the page's side. */
export class JanusHandle {
  /** The plugin's events that answer no request of ours (new publishers, a feed gone, a renegotiation offer). */
  onEvent: ((data: PluginData, jsep?: RTCSessionDescriptionInit) => void) | null = null;
  /** The PeerConnection ended on Janus's side (`hangup`), or the session ended. */
  onHangup: (() => void) | null = null;

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  /** A request to the plugin, with a JSEP offer or answer when given; resolves with the plugin's answer. */
  async message(body: Record<string, unknown>, jsep?: RTCSessionDescriptionInit) {
    const answer = await this.session.send(
      { janus: 'message', handle_id: this.id, body, ...(jsep ? { jsep: { type: jsep.type, sdp: jsep.sdp } } : {}) },
      true,
    );
    return { data: answer.plugindata?.data ?? {}, jsep: answer.jsep };
  }

  /** Trickles one local ICE candidate, or `{completed: true}` when gathering is done (null). */
  trickle(candidate: RTCIceCandidateInit | null): void {
    this.session
      .send({ janus: 'trickle', handle_id: this.id, candidate: candidate ?? { completed: true } })
      .catch(() => undefined);
  }

  /** Drops the handle on Janus (its PeerConnection with it). */
  detach(): void {
    this.session.forget(this.id);
    this.session.send({ janus: 'detach', handle_id: this.id }).catch(() => undefined);
  }

  /** @internal */
  receive(message: JanusMessage): void {
    if (message.janus === 'event' && message.plugindata) this.onEvent?.(message.plugindata.data, message.jsep);
    else if (message.janus === 'hangup' || message.janus === 'detached') this.onHangup?.();
  }
}
