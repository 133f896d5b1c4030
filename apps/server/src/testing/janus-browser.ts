import { randomBytes } from 'node:crypto';
import { WebSocket } from 'ws';

/** The Janus plugin live rooms use (as the browser names it). */
const VIDEOROOM = 'janus.plugin.videoroom';

import { waitFor } from './ws-client.ts';

export type Json = Record<string, any>;

/** A browser's side of the Janus WebSocket API (subprotocol janus-protocol), as the live-room pages speak it. */
export class BrowserSession {
  readonly messages: Json[] = [];
  sessionId = 0;
  handleId = 0;
  private constructor(
    private readonly socket: WebSocket,
    private readonly token: string | undefined,
  ) {
    socket.on('message', (data) => this.messages.push(JSON.parse(String(data))));
  }

  static async open(url: string, token: string | undefined): Promise<BrowserSession> {
    const socket = new WebSocket(url, 'janus-protocol');
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    return new BrowserSession(socket, token);
  }

  /** Sends a request and answers Janus's reply to it (for plugin messages: the event after the ack). */
  async send(message: Json): Promise<Json> {
    const transaction = randomBytes(6).toString('hex');
    const path = { session_id: this.sessionId || undefined, handle_id: this.handleId || undefined };
    this.socket.send(JSON.stringify({ ...message, ...path, transaction, token: this.token }));
    return waitFor(
      () => this.messages.find((reply) => reply.transaction === transaction && reply.janus !== 'ack'),
      (reply) => reply !== undefined,
    ) as Promise<Json>;
  }

  /** Creates a session and attaches the VideoRoom; answers the first error reply instead when Janus refuses. */
  async attach(): Promise<Json> {
    const created = await this.send({ janus: 'create' });
    if (created.janus !== 'success') return created;
    this.sessionId = created.data.id;
    const attached = await this.send({ janus: 'attach', plugin: VIDEOROOM });
    if (attached.janus === 'success') this.handleId = attached.data.id;
    return attached;
  }

  /**
   * Joins room `room` as a participant (the step before publishing or subscribing) under the user's first feed id and
   * display, as the pages do (`feedId` to claim another); answers the VideoRoom's data.
   */
  async join(room: number, userId: number, roomToken: string | undefined, feedId = userId * 1000 + 1): Promise<Json> {
    const body = { request: 'join', ptype: 'publisher', room, id: feedId, display: String(userId), token: roomToken };
    return (await this.send({ janus: 'message', body })).plugindata.data;
  }

  close() {
    this.socket.close();
  }
}
