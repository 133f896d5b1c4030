import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Database, migratedPgliteImage, migrationsFingerprint, openDatabase } from '@app/db';
import pg from 'pg';

let image: Promise<Blob> | undefined;

/**
 * The migrated PGlite image, made once per set of migrations and kept in the system's temporary folder, so test
 * files (and vitest's workers) load it instead of each creating and migrating a cluster.
 */
function pgliteImage(): Promise<Blob> {
  image ??= (async () => {
    const file = path.join(os.tmpdir(), `learnlabel-pglite-${migrationsFingerprint()}.tar`);
    if (existsSync(file)) return new Blob([readFileSync(file)]);
    const made = await migratedPgliteImage();
    const temporary = `${file}.${randomBytes(6).toString('hex')}`;
    writeFileSync(temporary, Buffer.from(await made.arrayBuffer()));
    renameSync(temporary, file);
    return made;
  })();
  return image;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new PostgreSQL
 * database (dropped on close) on the server of TEST_DATABASE_URL.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) return openDatabase({ dataDir: 'memory://', image: await pgliteImage() });
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: '', poolSize: 5 });
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}
