// API benchmark: the real server in a child process, loaded by autocannon through three procedures.
// `npm run bench -- api [--duration 10]`; with DATABASE_URL set it runs on a fresh database of that PostgreSQL server.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { constants, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CONNECTIONS = 10;
const DEMO_USER = { username: 'student', password: 'Demo1234' };

interface Figure {
  name: string;
  value: number;
  unit: 'req/s' | 'ms' | 'ratio';
  target: string;
}

interface Measured extends LoadResult {
  label: string;
  key: string;
}

/** The database the server runs on, and how to remove it afterwards. */
interface BenchDatabase {
  label: string;
  env: Record<string, string>;
  dispose(): Promise<void>;
}

function parseOptions(): { duration: number; loginDuration: number } {
  const { values } = parseArgs({
    options: { duration: { type: 'string', default: '10' }, 'login-duration': { type: 'string' } },
    allowPositionals: false,
  });
  const duration = Number(values.duration);
  if (!Number.isFinite(duration) || duration <= 0) throw new Error(`--duration must be a positive number of seconds`);
  // Logging in hashes with argon2id on purpose, so that run is shorter.
  const loginDuration = Number(values['login-duration'] ?? Math.max(1, Math.min(5, Math.round(duration / 2))));
  if (!Number.isFinite(loginDuration) || loginDuration <= 0) throw new Error('--login-duration must be positive');
  return { duration, loginDuration };
}

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

async function openBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-api-'));
    return {
      label: `PGlite (DATA_DIR=${dataDir})`,
      env: { DATA_DIR: dataDir },
      dispose: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const name = `bench_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const benchUrl = new URL(url);
  benchUrl.pathname = `/${name}`;
  const version = await serverVersion(benchUrl.toString());
  return {
    label: `PostgreSQL ${version} (${benchUrl.host}, database ${name})`,
    env: { DATABASE_URL: benchUrl.toString() },
    dispose: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string }>('SHOW server_version');
    return rows[0]?.server_version ?? '?';
  } finally {
    await client.end();
  }
}

function startServer(port: number, database: BenchDatabase): ChildProcess {
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    CAPTCHA: 'off',
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'on',
    DATABASE_URL: undefined,
    DATA_DIR: undefined,
    ...database.env,
  };
  // Its own process group: Ctrl-C reaches only this script, which stops the server once.
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

async function post(base: string, procedure: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}/api${procedure}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

async function waitUntilReady(base: string, server: ChildProcess, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null) {
      throw new Error(`the server stopped before answering (${server.signalCode ?? `exit code ${server.exitCode}`})`);
    }
    try {
      const { status, body } = await post(base, '/index/echo', { message: 'ready?' });
      if (status === 200 && body.data?.message === 'ready?') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not answer /api/index/echo within ${timeoutMs / 1000} s`);
}

/** Latency percentiles (ms) of the 2xx responses, kept exactly: autocannon's own histogram rounds to whole ms. */
interface Latency {
  p50: number;
  p99: number;
}

interface LoadResult {
  result: autocannon.Result;
  latency: Latency;
}

function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0;
}

async function load(
  base: string,
  procedure: string,
  body: unknown,
  duration: number,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  let times = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${base}/api${procedure}`,
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
        connections: CONNECTIONS,
        duration,
      },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode < 200 || statusCode > 299) return;
      if (count === times.length) {
        const grown = new Float64Array(times.length * 2);
        grown.set(times);
        times = grown;
      }
      times[count++] = responseTime;
    });
  });
  const sorted = times.subarray(0, count).sort();
  return { result, latency: { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) } };
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

function report(measured: Measured[], databaseLabel: string, postgres: boolean): boolean {
  const baseline = measured[0]!.result.requests.average;
  const rows = measured.map(({ label, result, latency }) => ({
    procedure: label,
    'req/s': round(result.requests.average, 1),
    'p50 ms': round(latency.p50),
    'p99 ms': round(latency.p99),
    'vs echo': round(result.requests.average / baseline, 3),
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  }));
  console.log(`\nAPI benchmark on ${databaseLabel}, ${CONNECTIONS} connections`);
  console.table(rows);

  const ratioTargets: Record<string, string> = {
    echo: 'baseline',
    user_detail: '>= 0.35 on PostgreSQL',
    login: 'none: argon2id is deliberately slow',
  };
  const figures: Figure[] = measured.flatMap(({ key, result, latency }) => [
    { name: `api.${key}.rps`, value: round(result.requests.average, 1), unit: 'req/s', target: 'higher is better' },
    { name: `api.${key}.p50`, value: round(latency.p50), unit: 'ms', target: 'lower is better' },
    { name: `api.${key}.p99`, value: round(latency.p99), unit: 'ms', target: 'lower is better' },
    {
      name: `api.${key}.ratio`,
      value: round(result.requests.average / baseline, 3),
      unit: 'ratio',
      target: ratioTargets[key] ?? '',
    },
  ]);
  for (const figure of figures) console.log(`BENCH ${JSON.stringify(figure)}`);

  const detailRatio = figures.find((figure) => figure.name === 'api.user_detail.ratio')?.value ?? 0;
  if (postgres) console.log(`user_detail/echo = ${detailRatio} (target >= 0.35 on PostgreSQL)`);
  else console.log(`user_detail/echo = ${detailRatio} (the 0.35 target applies to PostgreSQL; this run used PGlite)`);

  const failed = measured.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
  for (const { label, result } of failed) {
    console.error(`WARNING: ${label}: ${result.non2xx} non-2xx responses and ${result.errors} connection errors`);
  }
  return failed.length === 0;
}

async function main(): Promise<void> {
  const { duration, loginDuration } = parseOptions();
  const postgres = Boolean(process.env.DATABASE_URL);
  let database: BenchDatabase | undefined;
  let server: ChildProcess | undefined;
  let cleaned: Promise<void> | undefined;
  const cleanUp = () => {
    cleaned ??= (async () => {
      if (server) await stopServer(server);
      await database?.dispose();
    })();
    return cleaned;
  };
  const onSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping the server`);
    void cleanUp().finally(() => process.exit(128 + constants.signals[signal]));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    database = await openBenchDatabase();
    console.log(`Database: ${database.label}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const startedAt = Date.now();
    server = startServer(port, database);
    await waitUntilReady(base, server);
    console.log(`Server ready on ${base} in ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);

    const login = await post(base, '/index/login', DEMO_USER);
    const token: unknown = login.body.data?.accessToken;
    if (login.status !== 200 || typeof token !== 'string') {
      throw new Error(`logging in as ${DEMO_USER.username} failed: ${login.status} ${JSON.stringify(login.body)}`);
    }
    const session = { 'access-token': token };
    const detail = await post(base, '/user/detail', {}, session);
    if (detail.status !== 200) throw new Error(`/user/detail answered ${detail.status} ${JSON.stringify(detail.body)}`);

    // A short warm-up so that both measured runs see a compiled, connected server.
    await load(base, '/index/echo', { message: 'hi' }, 1);
    await load(base, '/user/detail', {}, 1, session);

    const measured: Measured[] = [];
    console.log(`Measuring POST /api/index/echo for ${duration} s...`);
    measured.push({
      label: 'index/echo',
      key: 'echo',
      ...(await load(base, '/index/echo', { message: 'hi' }, duration)),
    });
    console.log(`Measuring POST /api/user/detail for ${duration} s...`);
    measured.push({
      label: 'user/detail',
      key: 'user_detail',
      ...(await load(base, '/user/detail', {}, duration, session)),
    });
    console.log(`Measuring POST /api/index/login for ${loginDuration} s...`);
    measured.push({
      label: 'index/login',
      key: 'login',
      ...(await load(base, '/index/login', DEMO_USER, loginDuration)),
    });
    if (!report(measured, database.label, postgres)) process.exitCode = 1;
    // autocannon hangs up on the logins still being hashed when its time is up; let the server finish them first.
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    await cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error('The API benchmark failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
