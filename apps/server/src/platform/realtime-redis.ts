import { Redis } from 'ioredis';
import { type BusListener, PRESENCE_TTL_MS, type Presence, parsePresence, type RealtimeBus } from './realtime-bus.ts';

/**
 * The hub's link to Redis: one publisher and one subscriber connection, the event channel, and the
 * presence keys. Keys and channel are scoped by the Redis database number (pub/sub ignores it), so
 * deployments sharing a Redis server on different databases do not see each other.
 */
export class RealtimeRedis implements RealtimeBus {
  readonly subscribed: Promise<void>;
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly prefix: string;

  constructor(
    url: string,
    private readonly listener: BusListener,
  ) {
    const { log } = listener;
    this.publisher = new Redis(url, { maxRetriesPerRequest: 3 });
    this.subscriber = new Redis(url);
    this.prefix = `realtime:${this.publisher.options.db ?? 0}:`;
    for (const connection of [this.publisher, this.subscriber]) {
      connection.on('error', (error: unknown) => log.warn({ err: error }, 'realtime redis error'));
    }
    this.subscriber.on('message', (_channel: string, raw: string) => listener.receive(raw));
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
      .set(this.presenceKey(this.listener.instanceId), JSON.stringify(presence), 'PX', PRESENCE_TTL_MS)
      .sadd(this.instancesKey, this.listener.instanceId)
      .exec();
  }

  /** The counts of every other live instance; instances whose key expired are taken off the list. */
  async otherPresences(): Promise<Presence[]> {
    const others = (await this.publisher.smembers(this.instancesKey)).filter((id) => id !== this.listener.instanceId);
    if (!others.length) return [];
    const values = await this.publisher.mget(others.map((id) => this.presenceKey(id)));
    const gone = others.filter((_id, index) => !values[index]);
    if (gone.length) await this.publisher.srem(this.instancesKey, ...gone);
    return values.flatMap((value) => {
      const presence = value ? parsePresence(parseJson(value)) : null;
      return presence ? [presence] : [];
    });
  }

  /** Withdraws this instance's counts and closes both connections. */
  async close(): Promise<void> {
    await this.publisher
      .multi()
      .del(this.presenceKey(this.listener.instanceId))
      .srem(this.instancesKey, this.listener.instanceId)
      .exec()
      .catch((error: unknown) => this.listener.log.warn({ err: error }, 'realtime presence cleanup failed'));
    this.subscriber.disconnect();
    await this.publisher.quit().catch(() => this.publisher.disconnect());
  }
}

function parseJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}
