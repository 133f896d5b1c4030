import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';

export interface RealtimeHubOptions {
  /** When set, messages and the online counts are shared with every instance using this Redis database. */
  redisUrl?: string;
  log: FastifyBaseLogger;
  /** Called on every instance (this one included) when role permissions or menus changed. */
  onAccessChanged: () => void;
  /** How often a socket's session is checked again on heartbeat (ms); 60 s by default. */
  sessionRecheckMs?: number;
}

/** What travels on the Redis channel; `from` is the publishing instance, which already acted locally. */
type HubEvent =
  | { kind: 'user'; from: string; userId: number; message: unknown }
  | { kind: 'access_changed'; from: string };

/** One instance's sockets as stored in Redis, under a key that expires unless the instance refreshes it. */
interface Presence {
  sockets: number;
  users: number[];
}

const PRESENCE_TTL_MS = 30_000;
const PRESENCE_REFRESH_MS = 10_000;
/** Sockets that did not answer the previous ping within this period are dropped (dead peers). */
const PING_EVERY_MS = 30_000;

interface RedisLink {
  publisher: Redis;
  subscriber: Redis;
  channel: string;
  instancesKey: string;
  presenceKey: (instanceId: string) => string;
  subscribed: Promise<void>;
}

/**
 * Websocket hub: tracks the sockets of signed-in users and delivers messages to them. Without Redis it
 * serves this process only; with Redis, events go through one pub/sub channel to every instance, and each
 * instance keeps its own counts under an expiring key so that the online counts cover the whole platform.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  /** How often a socket's session is checked again on heartbeat (ms). */
  sessionRecheckMs: number;
  private readonly sockets = new Map<number, Set<WebSocket>>();
  private readonly answeredPing = new WeakSet<WebSocket>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly redis: RedisLink | null;
  private presenceDirty = false;
  private presenceWrite: Promise<void> | null = null;
  private closed = false;

  constructor(readonly options: RealtimeHubOptions) {
    this.sessionRecheckMs = options.sessionRecheckMs ?? 60_000;
    this.redis = options.redisUrl ? this.connect(options.redisUrl) : null;
    this.every(PING_EVERY_MS, () => this.pingAll());
    if (this.redis) {
      this.every(PRESENCE_REFRESH_MS, () => this.syncPresence());
      this.syncPresence();
    }
  }

  /** Resolves once this instance receives other instances' events (at once without Redis). */
  async ready(): Promise<void> {
    await this.redis?.subscribed;
  }

  /** Tracks an open socket of a user until it closes. */
  attach(userId: number, socket: WebSocket): void {
    if (socket.readyState !== socket.OPEN) return;
    if (this.closed) {
      socket.close(1001, 'server_shutdown');
      return;
    }
    const own = this.sockets.get(userId) ?? new Set<WebSocket>();
    this.sockets.set(userId, own);
    own.add(socket);
    this.answeredPing.add(socket);
    socket.on('pong', () => this.answeredPing.add(socket));
    socket.once('close', () => {
      const set = this.sockets.get(userId);
      if (!set?.delete(socket)) return;
      if (set.size === 0) this.sockets.delete(userId);
      this.syncPresence();
    });
    this.syncPresence();
  }

  /**
   * Sends `message` as JSON to every socket of the user, on every instance. Delivery is best effort: a Redis
   * failure is logged, not thrown, so that a committed business action never looks failed.
   */
  async publishToUser(userId: number, message: unknown): Promise<void> {
    this.deliver(userId, message);
    await this.publish({ kind: 'user', from: this.instanceId, userId, message }).catch((error: unknown) =>
      this.options.log.warn({ err: error, userId }, 'realtime publish failed'),
    );
  }

  /** Tells every instance, this one included, that role permissions or menus changed. */
  async broadcastToInstances(event: { kind: 'access_changed' }): Promise<void> {
    this.options.onAccessChanged();
    await this.publish({ kind: event.kind, from: this.instanceId });
  }

  /** Distinct users with an open socket, and the sockets, over every live instance. */
  async onlineCounts(): Promise<{ users: number; sockets: number }> {
    const users = new Set(this.sockets.keys());
    let sockets = this.localSocketCount();
    if (this.redis) {
      const { publisher, instancesKey, presenceKey } = this.redis;
      const others = (await publisher.smembers(instancesKey)).filter((id) => id !== this.instanceId);
      const values = others.length ? await publisher.mget(others.map(presenceKey)) : [];
      const gone = others.filter((_id, index) => !values[index]);
      if (gone.length) await publisher.srem(instancesKey, ...gone);
      for (const value of values) {
        const presence = value ? parsePresence(value) : null;
        if (!presence) continue;
        sockets += presence.sockets;
        for (const userId of presence.users) users.add(userId);
      }
    }
    return { users: users.size, sockets };
  }

  /** Closes every socket and the Redis connections, and withdraws this instance's counts. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server_shutdown');
    this.sockets.clear();
    if (!this.redis) return;
    const { publisher, subscriber, instancesKey, presenceKey } = this.redis;
    await this.presenceWrite;
    await publisher
      .multi()
      .del(presenceKey(this.instanceId))
      .srem(instancesKey, this.instanceId)
      .exec()
      .catch((error: unknown) => this.options.log.warn({ err: error }, 'realtime presence cleanup failed'));
    subscriber.disconnect();
    await publisher.quit().catch(() => publisher.disconnect());
  }

  private connect(url: string): RedisLink {
    const publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    const subscriber = new Redis(url);
    // Pub/sub ignores the database number; scope the channel by it like the keys are.
    const prefix = `realtime:${publisher.options.db ?? 0}:`;
    const channel = `${prefix}events`;
    for (const connection of [publisher, subscriber]) {
      connection.on('error', (error: unknown) => this.options.log.warn({ err: error }, 'realtime redis error'));
    }
    subscriber.on('message', (_channel: string, raw: string) => this.receive(raw));
    const subscribed = subscriber.subscribe(channel).then(() => undefined);
    subscribed.catch((error: unknown) => this.options.log.error({ err: error }, 'realtime subscribe failed'));
    return {
      publisher,
      subscriber,
      channel,
      instancesKey: `${prefix}instances`,
      presenceKey: (instanceId) => `${prefix}presence:${instanceId}`,
      subscribed,
    };
  }

  private async publish(event: HubEvent): Promise<void> {
    if (this.redis) await this.redis.publisher.publish(this.redis.channel, JSON.stringify(event));
  }

  private receive(raw: string): void {
    let event: HubEvent;
    try {
      event = JSON.parse(raw) as HubEvent;
    } catch {
      return;
    }
    if (event.from === this.instanceId) return;
    if (event.kind === 'access_changed') this.options.onAccessChanged();
    else if (event.kind === 'user' && Number.isSafeInteger(event.userId)) this.deliver(event.userId, event.message);
  }

  private deliver(userId: number, message: unknown): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    const text = JSON.stringify(message);
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  private localSocketCount(): number {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  /** Writes this instance's counts to Redis; bursts of changes collapse into one write at a time. */
  private syncPresence(): void {
    if (!this.redis || this.closed) return;
    this.presenceDirty = true;
    this.presenceWrite ??= this.flushPresence();
  }

  private async flushPresence(): Promise<void> {
    const { publisher, instancesKey, presenceKey } = this.redis!;
    try {
      while (this.presenceDirty && !this.closed) {
        this.presenceDirty = false;
        const presence: Presence = { sockets: this.localSocketCount(), users: [...this.sockets.keys()] };
        await publisher
          .multi()
          .set(presenceKey(this.instanceId), JSON.stringify(presence), 'PX', PRESENCE_TTL_MS)
          .sadd(instancesKey, this.instanceId)
          .exec()
          .catch((error: unknown) => this.options.log.warn({ err: error }, 'realtime presence write failed'));
      }
    } finally {
      this.presenceWrite = null;
    }
  }

  private pingAll(): void {
    for (const set of this.sockets.values()) {
      for (const socket of set) {
        if (!this.answeredPing.delete(socket)) socket.terminate();
        else if (socket.readyState === socket.OPEN) socket.ping();
      }
    }
  }

  private every(ms: number, run: () => void): void {
    const timer = setInterval(run, ms);
    timer.unref();
    this.timers.push(timer);
  }
}

function parsePresence(value: string): Presence | null {
  try {
    const parsed = JSON.parse(value) as Partial<Presence>;
    if (typeof parsed.sockets !== 'number' || !Array.isArray(parsed.users)) return null;
    return { sockets: parsed.sockets, users: parsed.users.filter((id) => Number.isSafeInteger(id)) };
  } catch {
    return null;
  }
}
