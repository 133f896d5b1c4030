import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type ExtractTablesWithRelations, type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { acquireDataDirLock } from './data-dir-lock.ts';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL's connection string, for connections outside the pool (the realtime hub's LISTEN). */
  url?: string;
  /** PostgreSQL's connection pool, read for its counts (`/metrics`); none on PGlite. */
  pool?: Pick<pg.Pool, 'totalCount' | 'idleCount' | 'waitingCount'>;
  close(): Promise<void>;
}

/** Extensions the migrations create (the question bank's trigram index). */
const PGLITE_OPTIONS: PGliteOptions = { extensions: { pg_trgm } };

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/**
 * Opens PostgreSQL when `url` is given, else PGlite: in `dataDir` (taking its lock file), or in memory
 * when `dataDir` is `memory://`. Migrates to the latest schema before returning.
 */
export async function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** In memory only: start from this data directory image (`migratedPgliteImage`) instead of an empty cluster. */
  image?: Blob;
}): Promise<Database> {
  if (options.url) {
    // A new connection that does not come within 10 s fails instead of waiting on a network that drops packets
    // silently (a request, a readiness probe or a metrics scrape would otherwise hang until its caller gives up).
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 10_000,
    });
    // An idle connection that the server ends (restart, failover) is replaced by the pool; it must not crash the process.
    pool.on('error', (error) => console.warn(`PostgreSQL connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema });
    await migrateAlone(pool);
    return { db: db as unknown as Db, kind: 'postgres', url: options.url, pool, close: () => pool.end() };
  }
  if (options.dataDir === 'memory://') {
    return openPglite(
      new PGlite(options.image ? { ...PGLITE_OPTIONS, loadDataDir: options.image } : PGLITE_OPTIONS),
      () => {},
    );
  }
  mkdirSync(options.dataDir, { recursive: true });
  const release = acquireDataDirLock(options.dataDir);
  try {
    return await openPglite(new PGlite(path.join(options.dataDir, 'pglite'), PGLITE_OPTIONS), release);
  } catch (error) {
    release();
    throw error;
  }
}

/** The advisory lock key of migrations (other locks of the app hash their own names the same way). */
const MIGRATION_LOCK = 'learnlabel:migrate';

/**
 * Migrates holding a session advisory lock, so that instances starting together on one database migrate it one
 * after the other (the later ones find nothing left to do) instead of failing on each other's `CREATE`s.
 */
async function migrateAlone(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock(hashtext($1))', [MIGRATION_LOCK]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1))', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
  }
}

async function openPglite(client: PGlite, release: () => void): Promise<Database> {
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    close: async () => {
      await client.close();
      release();
    },
  };
}

/**
 * An in-memory PGlite cluster migrated to the latest schema, as a data directory image. Loading it is several times
 * faster than creating a cluster (initdb) and migrating, which is what every test file would otherwise do.
 */
export async function migratedPgliteImage(): Promise<Blob> {
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    return await client.dumpDataDir('none');
  } finally {
    await client.close();
  }
}

/** The migration files' names and contents hashed: an image made from other migrations is not reused. */
export function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(migrationsFolder);
  return hash.digest('hex').slice(0, 16);
}

/** Runs raw SQL and answers its rows (the same on PGlite and PostgreSQL). */
export async function queryRows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

let latestMigration: number | undefined;

/**
 * Whether the database holds every migration of this code, by drizzle's own rule: the newest migration applied is
 * at least as recent as the newest migration file.
 */
export async function migrationsApplied(db: Executor): Promise<boolean> {
  latestMigration ??= readMigrationFiles({ migrationsFolder }).at(-1)?.folderMillis ?? 0;
  const [row] = await queryRows<{ last: string | number | null }>(
    db,
    sql`select max(created_at) as last from drizzle.__drizzle_migrations`,
  );
  return Number(row?.last ?? 0) >= latestMigration;
}
