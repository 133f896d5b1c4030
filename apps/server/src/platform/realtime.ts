import type { FastifyBaseLogger } from 'fastify';

/** Websocket hub: delivers messages to a user's sockets on this instance (Redis pub/sub: on every instance). */
export class RealtimeHub {
  constructor(readonly options: { redisUrl?: string; log: FastifyBaseLogger; onAccessChanged: () => void }) {}

  async publishToUser(_userId: number, _message: unknown): Promise<void> {}

  async broadcastToInstances(_event: { kind: 'access_changed' }): Promise<void> {
    this.options.onAccessChanged();
  }

  async onlineCounts(): Promise<{ users: number; sockets: number }> {
    return { users: 0, sockets: 0 };
  }

  async close(): Promise<void> {}
}
