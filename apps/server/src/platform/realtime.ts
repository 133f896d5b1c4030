import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { BusFactory, PresenceUser, RealtimeBus } from './realtime-bus.ts';

export interface RealtimeHubOptions {
  /** The link to the other instances (Redis, PostgreSQL, or none), chosen by deps.ts. */
  bus: BusFactory;
  log: FastifyBaseLogger;
  /** Called on every instance (this one included) when cached access or user state must be dropped. */
  onCacheEvent: (event: CacheEvent) => void;
  /** How often a socket's session is checked again on heartbeat (ms); 60 s by default. */
  sessionRecheckMs?: number;
}

/** Events that make every instance drop cached state: all of it, or one user's. */
export type CacheEvent = { kind: 'access_changed' } | { kind: 'user_changed'; userId: number };

/** What travels between instances; `from` is the publishing instance, which already acted locally. */
type HubEvent =
  | { kind: 'user'; from: string; userId: number; message: unknown }
  | { kind: 'users'; from: string; userIds: number[]; message: unknown }
  | (CacheEvent & { from: string });

/** Sockets that did not answer the previous ping within this period are dropped (dead peers). */
const PING_EVERY_MS = 30_000;
/** Each instance rewrites its presence this often, well within PRESENCE_TTL_MS (realtime-bus.ts). */
const PRESENCE_REFRESH_MS = 10_000;

/**
 * Websocket hub: tracks the sockets of signed-in users and delivers messages to them. Events go through the
 * bus to every instance (Redis pub/sub, or PostgreSQL LISTEN/NOTIFY without Redis; nowhere on the embedded
 * database, a single process), and each instance publishes its presence with an expiry so that the online
 * counts cover the whole platform.
 */
export class RealtimeHub {
  readonly instanceId = randomUUID();
  /** How often a socket's session is checked again on heartbeat (ms). */
  sessionRecheckMs: number;
  private readonly sockets = new Map<number, Set<WebSocket>>();
  /** When each user's first open socket here opened (epoch ms). */
  private readonly since = new Map<number, number>();
  private readonly answeredPing = new WeakSet<WebSocket>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly bus: RealtimeBus;
  private presenceDirty = false;
  private presenceWrite: Promise<void> | null = null;
  private closed = false;

  constructor(readonly options: RealtimeHubOptions) {
    this.sessionRecheckMs = options.sessionRecheckMs ?? 60_000;
    this.bus = options.bus({
      instanceId: this.instanceId,
      log: options.log,
      receive: (raw) => this.receive(raw),
      resync: () => options.onCacheEvent({ kind: 'access_changed' }),
    });
    this.every(PING_EVERY_MS, () => this.pingAll());
    this.every(PRESENCE_REFRESH_MS, () => this.syncPresence());
    this.syncPresence();
  }

  /** Resolves once this instance receives other instances' events (at once for a single process). */
  async ready(): Promise<void> {
    await this.bus.subscribed;
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
    if (!this.since.has(userId)) this.since.set(userId, Date.now());
    own.add(socket);
    this.answeredPing.add(socket);
    socket.on('pong', () => this.answeredPing.add(socket));
    socket.once('close', () => {
      const set = this.sockets.get(userId);
      if (!set?.delete(socket)) return;
      if (set.size === 0) {
        this.sockets.delete(userId);
        this.since.delete(userId);
      }
      this.syncPresence();
    });
    this.syncPresence();
  }

  /**
   * Sends `message` as JSON to every socket of the user, on every instance. Delivery is best effort: a bus
   * failure is logged, not thrown, so that a committed business action never looks failed.
   */
  async publishToUser(userId: number, message: unknown): Promise<void> {
    this.deliver(userId, message);
    await this.publish({ kind: 'user', from: this.instanceId, userId, message }).catch((error: unknown) =>
      this.options.log.warn({ err: error, userId }, 'realtime publish failed'),
    );
  }

  /**
   * Sends one `message` to every socket of each of these users, on every instance, as one event between instances
   * (a question pushed to a class of 2,000 is one bus message, not 2,000). Best effort, as `publishToUser`.
   */
  async publishToUsers(userIds: readonly number[], message: unknown): Promise<void> {
    if (userIds.length === 0) return;
    const text = JSON.stringify(message);
    for (const userId of userIds) this.deliverText(userId, text);
    await this.publish({ kind: 'users', from: this.instanceId, userIds: [...userIds], message }).catch(
      (error: unknown) => this.options.log.warn({ err: error, users: userIds.length }, 'realtime publish failed'),
    );
  }

  /** Tells every instance, this one included, to drop cached state (role access, or one user's). */
  async broadcastToInstances(event: CacheEvent): Promise<void> {
    this.options.onCacheEvent(event);
    await this.publish({ ...event, from: this.instanceId });
  }

  /** Distinct users with an open socket, and the sockets, over every live instance. */
  async onlineCounts(): Promise<{ users: number; sockets: number }> {
    const users = new Set(this.sockets.keys());
    let sockets = this.localSocketCount();
    for (const presence of await this.bus.otherPresences()) {
      sockets += presence.sockets;
      for (const user of presence.users) users.add(user.id);
    }
    return { users: users.size, sockets };
  }

  /** The ids of users with an open socket, over every live instance, ascending. */
  async onlineUserIds(): Promise<number[]> {
    return (await this.onlineUsers()).map((user) => user.id);
  }

  /** Users with an open socket over every live instance: their sockets and since when (the earliest), by id. */
  async onlineUsers(): Promise<PresenceUser[]> {
    const users = new Map(this.localUsers().map((user) => [user.id, user]));
    for (const presence of await this.bus.otherPresences()) {
      for (const user of presence.users) {
        const seen = users.get(user.id);
        if (!seen) users.set(user.id, { ...user });
        else {
          seen.sockets += user.sockets;
          if (user.since !== null && (seen.since === null || user.since < seen.since)) seen.since = user.since;
        }
      }
    }
    return [...users.values()].sort((a, b) => a.id - b.id);
  }

  /** Closes every socket and the bus's connections, and withdraws this instance's counts. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const set of this.sockets.values()) for (const socket of set) socket.close(1001, 'server_shutdown');
    this.sockets.clear();
    this.since.clear();
    await this.presenceWrite;
    await this.bus.close();
  }

  private async publish(event: HubEvent): Promise<void> {
    await this.bus.publish(event);
  }

  private receive(raw: string): void {
    let event: HubEvent | null;
    try {
      event = JSON.parse(raw) as HubEvent | null;
    } catch {
      return;
    }
    if (typeof event !== 'object' || event === null || event.from === this.instanceId) return;
    if (event.kind === 'access_changed') this.options.onCacheEvent({ kind: 'access_changed' });
    else if (event.kind === 'user_changed' && Number.isSafeInteger(event.userId)) {
      this.options.onCacheEvent({ kind: 'user_changed', userId: event.userId });
    } else if (event.kind === 'user' && Number.isSafeInteger(event.userId)) this.deliver(event.userId, event.message);
    else if (event.kind === 'users' && Array.isArray(event.userIds)) {
      const text = JSON.stringify(event.message);
      for (const userId of event.userIds) if (Number.isSafeInteger(userId)) this.deliverText(userId, text);
    }
  }

  private deliver(userId: number, message: unknown): void {
    if (this.sockets.has(userId)) this.deliverText(userId, JSON.stringify(message));
  }

  private deliverText(userId: number, text: string): void {
    const set = this.sockets.get(userId);
    if (!set) return;
    for (const socket of set) if (socket.readyState === socket.OPEN) socket.send(text);
  }

  private localUsers(): PresenceUser[] {
    return [...this.sockets].map(([id, set]) => ({ id, sockets: set.size, since: this.since.get(id) ?? null }));
  }

  /** Open sockets on this instance (`/metrics`). */
  localSocketCount(): number {
    let count = 0;
    for (const set of this.sockets.values()) count += set.size;
    return count;
  }

  /** Writes this instance's counts through the bus; bursts of changes collapse into one write at a time. */
  private syncPresence(): void {
    if (this.closed) return;
    this.presenceDirty = true;
    this.presenceWrite ??= this.flushPresence();
  }

  private async flushPresence(): Promise<void> {
    try {
      while (this.presenceDirty && !this.closed) {
        this.presenceDirty = false;
        await this.bus
          .writePresence({ sockets: this.localSocketCount(), users: this.localUsers() })
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
