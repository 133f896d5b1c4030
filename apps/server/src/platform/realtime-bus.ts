import type { FastifyBaseLogger } from 'fastify';

/** A user's sockets on one instance, open since `since` (epoch ms; null from an instance that did not say). */
export interface PresenceUser {
  id: number;
  sockets: number;
  since: number | null;
}

/** One instance's sockets as the other instances see them. */
export interface Presence {
  sockets: number;
  users: PresenceUser[];
}

/** A presence lives this long unless its instance writes it again, so a dead instance drops out. */
export const PRESENCE_TTL_MS = 30_000;

/** What the hub gives the bus it is built with. */
export interface BusListener {
  instanceId: string;
  log: FastifyBaseLogger;
  /** An event published by any instance (this one included), as the JSON text `publish` was given. */
  receive(raw: string): void;
  /** Events may have been missed (the link to the other instances was lost and is back): drop what is cached. */
  resync(): void;
}

/**
 * The realtime hub's link to the other server instances: events to all of them, and each one's presence. One
 * implementation per deployment, chosen in deps.ts: Redis (`RealtimeRedis`), PostgreSQL LISTEN/NOTIFY
 * (`RealtimePostgres`), or none for a single process (`LocalBus`).
 */
export interface RealtimeBus {
  /** Resolves once events of other instances are received. */
  readonly subscribed: Promise<void>;
  publish(event: object): Promise<void>;
  /** Stores this instance's presence for PRESENCE_TTL_MS. */
  writePresence(presence: Presence): Promise<void>;
  /** The presences of the other live instances. */
  otherPresences(): Promise<Presence[]>;
  /** Withdraws this instance's presence and closes the connections. */
  close(): Promise<void>;
}

export type BusFactory = (listener: BusListener) => RealtimeBus;

/** One process alone (the embedded PGlite): nothing to share. */
export class LocalBus implements RealtimeBus {
  readonly subscribed = Promise.resolve();
  async publish(): Promise<void> {}
  async writePresence(): Promise<void> {}
  async otherPresences(): Promise<Presence[]> {
    return [];
  }
  async close(): Promise<void> {}
}

/** One user entry of a stored presence: an object, or a bare id as written before entries had details. */
function parsePresenceUser(value: unknown): PresenceUser | null {
  if (Number.isSafeInteger(value)) return { id: value as number, sockets: 1, since: null };
  const entry = value as Partial<PresenceUser> | null;
  if (typeof entry !== 'object' || entry === null || !Number.isSafeInteger(entry.id)) return null;
  return {
    id: entry.id!,
    sockets: Number.isSafeInteger(entry.sockets) ? entry.sockets! : 1,
    since: typeof entry.since === 'number' && Number.isFinite(entry.since) ? entry.since : null,
  };
}

/** A stored presence, or null when it is malformed. */
export function parsePresence(value: unknown): Presence | null {
  const parsed = value as { sockets?: unknown; users?: unknown } | null;
  if (typeof parsed?.sockets !== 'number' || !Array.isArray(parsed.users)) return null;
  return { sockets: parsed.sockets, users: parsed.users.flatMap((entry) => parsePresenceUser(entry) ?? []) };
}
