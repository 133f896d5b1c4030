import { randomBytes } from 'node:crypto';
import { signJanusToken, VIDEOROOM } from './janus-tokens.ts';

/**
 * An error Janus answered: a core error (`{janus: "error", error: {code, reason}}`, e.g. 403 for a wrong token, 458
 * for a session gone) or a plugin's (`error_code`/`error` in the VideoRoom's answer, e.g. 426 no such room, 427 room
 * exists, 433 unauthorized). `code` lets callers accept the answers they expect (an already destroyed room).
 */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
  ) {
    super(`Janus error ${code}: ${reason}`);
    this.name = 'JanusError';
  }
}

/** VideoRoom error codes the provider tells apart (janus_videoroom.c). */
export const VIDEOROOM_ERRORS = { noSuchRoom: 426, roomExists: 427, noSuchFeed: 428, unauthorized: 433 } as const;

export interface JanusClientOptions {
  /** The HTTP API address (JANUS_URL), e.g. http://127.0.0.1:8088/janus. */
  url: string;
  /** JANUS_TOKEN_SECRET: each request carries a token signed with it, valid for a minute. */
  tokenSecret: string;
  /** How long one HTTP request may take (default 5 s). */
  timeoutMs?: number;
}

type Json = Record<string, unknown>;

/**
 * A small client of Janus's HTTP transport for the platform server (the server only controls rooms; media never
 * passes through it). Requests are plain request/answer: the VideoRoom answers its room-management requests
 * (create, exists, allowed, kick, listparticipants, destroy) synchronously, so no long poll is needed.
 */
export class JanusClient {
  readonly url: string;
  private readonly tokenSecret: string;
  private readonly timeoutMs: number;

  constructor(options: JanusClientOptions) {
    this.url = options.url.replace(/\/+$/, '');
    this.tokenSecret = options.tokenSecret;
    this.timeoutMs = options.timeoutMs ?? 5000;
  }

  /** Janus's `info` (version, plugins, transports); needs no token. */
  async info(): Promise<Json> {
    const response = await fetch(`${this.url}/info`, { signal: AbortSignal.timeout(this.timeoutMs) });
    return (await response.json()) as Json;
  }

  /** Creates a Janus session and answers its id. */
  async createSession(): Promise<number> {
    const answer = await this.post(this.url, { janus: 'create' });
    return (answer.data as { id: number }).id;
  }

  /** Attaches the session to a plugin (the VideoRoom by default) and answers the handle id. */
  async attach(sessionId: number, plugin: string = VIDEOROOM): Promise<number> {
    const answer = await this.post(`${this.url}/${sessionId}`, { janus: 'attach', plugin });
    return (answer.data as { id: number }).id;
  }

  /**
   * Sends a synchronous plugin request (`{janus: "message", body}`) and answers the plugin's `plugindata.data`; a
   * plugin error (`error_code`) is thrown as a JanusError.
   */
  async request(sessionId: number, handleId: number, body: Json): Promise<Json> {
    const answer = await this.post(`${this.url}/${sessionId}/${handleId}`, { janus: 'message', body });
    const data = (answer.plugindata as { data?: Json } | undefined)?.data;
    if (!data)
      throw new JanusError(0, `no plugin answer to "${String(body.request)}" (janus: ${String(answer.janus)})`);
    if (typeof data.error_code === 'number') throw new JanusError(data.error_code, String(data.error ?? ''));
    return data;
  }

  /** Destroys the session (and its handles); a session already gone is not an error. */
  async destroy(sessionId: number): Promise<void> {
    await this.post(`${this.url}/${sessionId}`, { janus: 'destroy' }).catch((error: unknown) => {
      if (!(error instanceof JanusError && error.code === 458)) throw error;
    });
  }

  /**
   * Runs `work` with a fresh session attached to the VideoRoom and destroys the session afterwards, so no session is
   * left to time out: each room operation is a handful of requests on this machine or the next.
   */
  async withVideoRoom<T>(work: (send: (body: Json) => Promise<Json>) => Promise<T>): Promise<T> {
    const sessionId = await this.createSession();
    try {
      const handleId = await this.attach(sessionId);
      return await work((body) => this.request(sessionId, handleId, body));
    } finally {
      await this.destroy(sessionId).catch(() => undefined);
    }
  }

  /** POSTs one Janus API request with a transaction id and a signed token; a core error is thrown as a JanusError. */
  private async post(url: string, message: Json): Promise<Json> {
    const transaction = randomBytes(9).toString('base64url');
    const token = signJanusToken(this.tokenSecret, new Date(Date.now() + 60_000));
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...message, transaction, token }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new Error(`Janus at ${this.url} did not answer "${String(message.janus)}": ${(error as Error).message}`, {
        cause: error,
      });
    }
    const answer = (await response.json().catch(() => null)) as Json | null;
    if (!answer) throw new JanusError(response.status, `not a Janus answer (HTTP ${response.status})`);
    if (answer.janus === 'error') {
      const error = answer.error as { code?: number; reason?: string } | undefined;
      throw new JanusError(error?.code ?? 0, error?.reason ?? 'unknown error');
    }
    return answer;
  }
}
