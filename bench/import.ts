// Manifest import benchmark: `npm run bench -- import [--records 100000]`. Starts the real server in a child process
// on a fresh database of the PostgreSQL server of DATABASE_URL (default: the local test server), makes a draft
// project, uploads a generated JSONL manifest through the real HTTP upload (`/api/data/upload`, multipart), and prints
// items/s and the server process's resident memory before the upload and at its peak (Linux VmRSS / VmHWM).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdtempSync, openAsBlob, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SERVER_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TARGET_SECONDS = 15;

const { values } = parseArgs({ options: { records: { type: 'string', default: '100000' } }, allowPositionals: false });
const records = Number(values.records);
if (!Number.isInteger(records) || records < 1 || records > 5_000_000) throw new Error('--records must be 1 to 5000000');

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

async function withClient<T>(url: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A JSONL manifest of `count` records (outside image URLs with a few fields each), written to a temporary file. */
async function writeManifest(file: string, count: number): Promise<void> {
  const out = createWriteStream(file);
  for (let i = 1; i <= count; i++) {
    const line = `${JSON.stringify({ url: `https://cdn.example.com/set/${i}.jpg`, label: i % 3 ? 'cat' : 'dog', score: i % 100, text: `item ${i}` })}\n`;
    if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/** Resident memory of a process in KB (Linux): current (VmRSS) and the peak since it started (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: field('VmRSS'), peak: field('VmHWM') };
}

function startServer(port: number, databaseUrl: string, dataDir: string): ChildProcess {
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'on',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
  };
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: process.platform !== 'win32',
  });
}

async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

async function post(base: string, procedure: string, body: unknown, token?: string) {
  const response = await fetch(`${base}/api${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { 'access-token': token } : {}) },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { data?: any; error?: string; message?: string };
}

async function waitUntilReady(base: string, server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) throw new Error('the server stopped before answering');
    try {
      if ((await post(base, '/index/echo', { message: 'ready?' })).data?.message === 'ready?') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer /api/index/echo in time');
}

/** A draft project of the first demo organisation, made in the database (as the wizard's first step would). */
async function createProject(databaseUrl: string): Promise<number> {
  return withClient(databaseUrl, async (client) => {
    const site = await client.query<{ id: string }>(`select id from sites where name = '示范学院'`);
    const category = await client.query<{ id: string }>(
      `insert into annotation_categories (name, task_type) values ('bench import', 'image') returning id`,
    );
    const project = await client.query<{ id: string }>(
      `insert into projects (site_id, name, category_id, status, start_at, end_at)
       values ($1, 'bench import', $2, 'draft', now(), now() + interval '30 days') returning id`,
      [site.rows[0]!.id, category.rows[0]!.id],
    );
    return Number(project.rows[0]!.id);
  });
}

const name = `bench_${randomBytes(6).toString('hex')}`;
const benchUrl = new URL(SERVER_URL);
benchUrl.pathname = `/${name}`;
const work = mkdtempSync(path.join(tmpdir(), 'bench-import-'));
await withClient(SERVER_URL, (client) => client.query(`CREATE DATABASE ${name}`));
let server: ChildProcess | null = null;
try {
  const manifest = path.join(work, 'manifest.jsonl');
  await writeManifest(manifest, records);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  server = startServer(port, benchUrl.toString(), path.join(work, 'data'));
  await waitUntilReady(base, server);
  const login = await post(base, '/index/login', { username: 'producer', password: 'Demo1234' });
  const token = login.data?.accessToken as string;
  if (!token) throw new Error(`login failed: ${JSON.stringify(login)}`);
  const projectId = await createProject(benchUrl.toString());

  const before = memoryOf(server.pid!);
  let peakRss = before.rss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, memoryOf(server!.pid!).rss);
  }, 50);
  const form = new FormData();
  form.append('project_id', String(projectId));
  form.append('source', 'manifest');
  form.append('files', await openAsBlob(manifest), 'bench.jsonl');
  const started = performance.now();
  const response = await fetch(`${base}/api/data/upload`, {
    method: 'POST',
    headers: { 'access-token': token },
    body: form,
  });
  const body = (await response.json()) as { data?: { added: number; failed_count: number; item_count: number } };
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const after = memoryOf(server.pid!);
  peakRss = Math.max(peakRss, after.rss);
  if (!body.data) throw new Error(`upload failed (${response.status}): ${JSON.stringify(body).slice(0, 500)}`);
  const summary = await post(base, '/data/summary', { project_id: projectId }, token);
  const version = await withClient(
    SERVER_URL,
    async (c) => (await c.query('SHOW server_version')).rows[0]?.server_version,
  );
  const itemsPerSecond = Math.round(body.data.added / seconds);
  console.log(`database: PostgreSQL ${version} (${benchUrl.host}, fresh database ${name})`);
  console.log(`manifest: ${records} JSONL records, ${mb(statSync(manifest).size / 1024)} MB`);
  console.log(
    `imported ${body.data.added} (failed ${body.data.failed_count}) in ${seconds.toFixed(2)} s over HTTP: ${itemsPerSecond} items/s`,
  );
  console.log(`project item_count ${summary.data?.item_count}`);
  console.log(
    `server RSS: ${mb(before.rss)} MB before, peak ${mb(peakRss)} MB during the import (${mb(peakRss - before.rss)} MB more); ` +
      `VmHWM since start ${mb(after.peak)} MB`,
  );
  const figures = [
    { name: 'import_items_per_second', value: itemsPerSecond, unit: 'items/s', target: 'report' },
    { name: 'import_seconds', value: Math.round(seconds * 100) / 100, unit: 's', target: `< ${TARGET_SECONDS}` },
    { name: 'import_server_rss_before_mb', value: mb(before.rss), unit: 'MB', target: 'report' },
    { name: 'import_server_peak_rss_mb', value: mb(peakRss), unit: 'MB', target: 'report' },
    { name: 'import_items_created', value: body.data.added, unit: 'items', target: `${records}` },
  ];
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);
  if (body.data.added !== records || summary.data?.item_count !== records || seconds >= TARGET_SECONDS) {
    process.exitCode = 1;
  }
} finally {
  if (server) await stopServer(server);
  rmSync(work, { recursive: true, force: true });
  await withClient(SERVER_URL, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
