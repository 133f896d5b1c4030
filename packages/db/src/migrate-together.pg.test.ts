import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { openDatabase, queryRows } from './client.ts';

// Instances of a deployment start together on an empty database (compose, a rolling start): each migrates it on
// start, and they must not trip over each other.
const serverUrl = process.env.TEST_DATABASE_URL!;
const name = `t_${randomBytes(6).toString('hex')}`;

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

afterAll(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));

it('three instances opening an empty database at once all start, and the migrations run once', async () => {
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const opened = await Promise.all(
    Array.from({ length: 3 }, () => openDatabase({ url: url.toString(), dataDir: '', poolSize: 2 })),
  );
  try {
    const [row] = await queryRows<{ applied: number; hashes: number }>(
      opened[0]!.db,
      sql`select count(*)::int as applied, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations`,
    );
    expect(row!.applied).toBe(row!.hashes);
    expect(row!.applied).toBeGreaterThan(10);
  } finally {
    await Promise.all(opened.map((database) => database.close()));
  }
});
