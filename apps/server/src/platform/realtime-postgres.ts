import { type Db, queryRows, schema } from '@app/db';
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm';
import pg from 'pg';
import { type BusListener, PRESENCE_TTL_MS, type Presence, parsePresence, type RealtimeBus } from './realtime-bus.ts';

/** NOTIFY channels are per database, so instances of other deployments on the same server do not hear these. */
const CHANNEL = 'realtime_events';
/** PostgreSQL refuses payloads of 8000 bytes or more; larger events travel as a `realtime_messages` row. */
const NOTIFY_MAX_BYTES = 7500;
const BY_REFERENCE = 'ref:';
/** Stored large events are kept this long: every listener reads them as soon as their notification arrives. */
const STORED_EVENT_TTL = '1 minute';
/** Waits before listening again after the connection dropped: doubling from the first to the last. */
const RETRY_FIRST_MS = 100;
const RETRY_MAX_MS = 5000;

/**
 * The hub's link to the other instances through PostgreSQL, for deployments without Redis: events are published
 * with `pg_notify` on the pool and received on one dedicated connection that LISTENs; presences are rows of the
 * UNLOGGED `realtime_presence`. When the listening connection drops it connects again (with backoff) and then
 * asks the hub to drop every cached entry, since notifications sent meanwhile are lost.
 */
export class RealtimePostgres implements RealtimeBus {
  readonly subscribed: Promise<void>;
  private markSubscribed: () => void = () => {};
  private client: pg.Client | null = null;
  private retryMs = RETRY_FIRST_MS;
  private retryTimer: NodeJS.Timeout | null = null;
  private listenedBefore = false;
  private closed = false;

  constructor(
    private readonly url: string,
    private readonly db: Db,
    private readonly listener: BusListener,
  ) {
    this.subscribed = new Promise((resolve) => {
      this.markSubscribed = resolve;
    });
    void this.listen();
  }

  async publish(event: object): Promise<void> {
    const raw = JSON.stringify(event);
    if (Buffer.byteLength(raw) <= NOTIFY_MAX_BYTES) {
      await this.db.execute(sql`select pg_notify(${CHANNEL}, ${raw})`);
      return;
    }
    await this.db.execute(sql`with swept as (
        delete from realtime_messages where created_at < now() - ${STORED_EVENT_TTL}::interval
      ), stored as (
        insert into realtime_messages (body) values (${raw}) returning id
      )
      select pg_notify(${CHANNEL}, ${BY_REFERENCE}::text || id) from stored`);
  }

  /** Writes this instance's presence, and deletes those of instances that stopped writing theirs. */
  async writePresence(presence: Presence): Promise<void> {
    const { realtimePresence: table } = schema;
    const me = this.listener.instanceId;
    await this.db.delete(table).where(and(lt(table.expiresAt, sql`now()`), ne(table.instanceId, me)));
    const expiresAt = sql`now() + make_interval(secs => ${PRESENCE_TTL_MS / 1000})`;
    await this.db
      .insert(table)
      .values({ instanceId: me, ...presence, expiresAt })
      .onConflictDoUpdate({ target: table.instanceId, set: { ...presence, expiresAt } });
  }

  async otherPresences(): Promise<Presence[]> {
    const { realtimePresence: table } = schema;
    const me = this.listener.instanceId;
    const rows = await this.db
      .select({ sockets: table.sockets, users: table.users })
      .from(table)
      .where(and(gt(table.expiresAt, sql`now()`), ne(table.instanceId, me)));
    return rows.flatMap((row) => parsePresence(row) ?? []);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.markSubscribed();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    const { realtimePresence: table } = schema;
    await this.db
      .delete(table)
      .where(eq(table.instanceId, this.listener.instanceId))
      .catch((error: unknown) => this.listener.log.warn({ err: error }, 'realtime presence cleanup failed'));
    await client?.end().catch(() => {});
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, keepAlive: true });
    this.client = client;
    client.on('notification', (message) => {
      if (message.channel === CHANNEL && message.payload) void this.receive(message.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      this.lost(client, error);
      return;
    }
    if (this.client !== client) return;
    this.retryMs = RETRY_FIRST_MS;
    if (this.listenedBefore) {
      this.listener.log.info('realtime listener connected again; cached state dropped');
      this.listener.resync();
    }
    this.listenedBefore = true;
    this.markSubscribed();
  }

  /** The listening connection failed or ended: connect again later, unless the bus is closing. */
  private lost(client: pg.Client, error?: unknown): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => {});
    if (this.closed) return;
    this.listener.log.warn({ err: error, retryMs: this.retryMs }, 'realtime listener connection lost');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.listen();
    }, this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, RETRY_MAX_MS);
  }

  private async receive(payload: string): Promise<void> {
    if (!payload.startsWith(BY_REFERENCE)) return this.listener.receive(payload);
    const id = Number(payload.slice(BY_REFERENCE.length));
    if (!Number.isSafeInteger(id)) return;
    try {
      const [row] = await queryRows<{ body: string }>(
        this.db,
        sql`select body from realtime_messages where id = ${id}`,
      );
      if (row) this.listener.receive(row.body);
    } catch (error) {
      this.listener.log.warn({ err: error, id }, 'realtime stored event unreadable');
    }
  }
}
