import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** One instance's sockets as stored in Redis. */
export interface Presence {
  sockets: number;
  users: number[];
}

/** A presence key lives this long unless its instance refreshes it, so a dead instance drops out. */
export const PRESENCE_TTL_MS = 30_000;

/**
 * The hub's link to Redis: one publisher and one subscriber connection, the event channel, and the
 * presence keys. Keys and channel are scoped by the Redis database number (pub/sub ignores it), so
 * deployments sharing a Redis server on different databases do not see each other.
 */
export class RealtimeRedis {
  readonly subscribed: Promise<void>;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;

  constructor(
    url: string,
    private readonly instanceId: string,
    private readonly log: FastifyBaseLogger,
    onEvent: (raw: string) => void,
  ) {
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url);
    this.prefix = `realtime:${this.publisher.options.db ?? 0}:`;
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: unknown) => log.warn({ err: error }, 'realtime redis error'));
    }
    this.subscriber.on('message', (_channel: string, raw: string) => onEvent(raw));
    this.subscribed = this.subscriber.subscribe(this.channel).then(() => undefined);
    this.subscribed.catch((error: unknown) => log.error({ err: error }, 'realtime subscribe failed'));
  }

  private get channel(): string {
    return `${this.prefix}events`;
  }

  private get instancesKey(): string {
    return `${this.prefix}instances`;
  }

  private presenceKey(instanceId: string): string {
    return `${this.prefix}presence:${instanceId}`;
  }

  async publish(event: object): Promise<void> {
    await this.publisher.publish(this.channel, JSON.stringify(event));
  }

  /** Stores this instance's counts for PRESENCE_TTL_MS and lists the instance. */
  async writePresence(presence: Presence): Promise<void> {
    await this.publisher
      .multi()
      .set(this.presenceKey(this.instanceId), JSON.stringify(presence), 'PX', PRESENCE_TTL_MS)
      .sadd(this.instancesKey, this.instanceId)
      .exec();
  }

  /** The counts of every other live instance; instances whose key expired are taken off the list. */
  async otherPresences(): Promise<Presence[]> {
    const others = (await this.publisher.smembers(this.instancesKey)).filter((id) => id !== this.instanceId);
    if (!others.length) return [];
    const values = await this.publisher.mget(others.map((id) => this.presenceKey(id)));
    const gone = others.filter((_id, index) => !values[index]);
    if (gone.length) await this.publisher.srem(this.instancesKey, ...gone);
    return values.flatMap((value) => {
      const presence = value ? parsePresence(value) : null;
      return presence ? [presence] : [];
    });
  }

  /** Withdraws this instance's counts and closes both connections. */
  async close(): Promise<void> {
    await this.publisher
      .multi()
      .del(this.presenceKey(this.instanceId))
      .srem(this.instancesKey, this.instanceId)
      .exec()
      .catch((error: unknown) => this.log.warn({ err: error }, 'realtime presence cleanup failed'));
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
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
