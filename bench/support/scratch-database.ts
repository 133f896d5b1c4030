import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The PostgreSQL server the benches use: TEST_DATABASE_URL, else DATABASE_URL, else the local one. */
export const SERVER_URL =
  process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface ScratchDatabase {
  /** Connection string of the fresh database. */
  url: string;
  /** "PostgreSQL 15.x (host, fresh database bench_…)" for the bench's header line. */
  label: string;
  /** Waits for the bench's connections to close, then drops the database. */
  drop(): Promise<void>;
}

/** A fresh, empty database on the benches' server, named `<prefix>_<random>`. */
export async function createScratchDatabase(prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: SERVER_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const version = (await admin.query('SHOW server_version')).rows[0]?.server_version;
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    label: `PostgreSQL ${version} (${url.host}, fresh database ${name})`,
    async drop() {
      for (let wait = 0; wait < 50; wait++) {
        const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
        if (open.rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
