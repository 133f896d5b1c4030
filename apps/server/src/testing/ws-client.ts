import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { WebSocket } from 'ws';

/** A websocket client as the web shell opens it, recording what the server sends. */
export interface WsClient {
  socket: WebSocket;
  /** Every message received, parsed from JSON. */
  messages: any[];
  /** Settles when the server or the client closes the socket. */
  closed: Promise<{ code: number; reason: string }>;
  /** The close code and reason, failing if the socket is still open after `timeoutMs`. */
  closedWithin(timeoutMs?: number): Promise<{ code: number; reason: string }>;
  /** Sends the client heartbeat `{data:'0', message:'0'}` and answers the server's heartbeat reply. */
  heartbeat(): Promise<any>;
  close(): Promise<void>;
}

/** Polls `probe` until `accept` holds (20 ms apart), failing with the last value after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | Promise<T>,
  accept: (value: T) => boolean,
  timeoutMs = 5000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting; last value: ${JSON.stringify(value)}`);
    await delay(20);
  }
}

/** Starts the app on a free local port and answers its websocket address. */
export async function listenForSockets(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `ws://127.0.0.1:${port}/ws`;
}

const isHeartbeatReply = (message: any) => message?.data?.action === 'heartbeat';

/** Opens `url` (with `?token=` when given) and resolves once the connection is open. */
export function openSocket(
  url: string,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<WsClient> {
  const address = options.token ? `${url}?token=${encodeURIComponent(options.token)}` : url;
  const socket = new WebSocket(address, { headers: options.headers });
  const messages: any[] = [];
  socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
  let closedWith: { code: number; reason: string } | null = null;
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.on('close', (code, reason) => {
      closedWith = { code, reason: reason.toString() };
      resolve(closedWith);
    });
  });
  const client: WsClient = {
    socket,
    messages,
    closed,
    async closedWithin(timeoutMs = 5000) {
      const result = await waitFor(
        () => closedWith,
        (value) => value !== null,
        timeoutMs,
      );
      return result!;
    },
    async heartbeat() {
      const before = messages.filter(isHeartbeatReply).length;
      socket.send(JSON.stringify({ data: '0', message: '0' }));
      const replies = await waitFor(
        () => messages.filter(isHeartbeatReply),
        (list) => list.length > before,
      );
      return replies[replies.length - 1];
    },
    async close() {
      if (socket.readyState !== WebSocket.CLOSED) socket.close();
      await closed;
    },
  };
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(client));
    socket.once('error', reject);
  });
}
