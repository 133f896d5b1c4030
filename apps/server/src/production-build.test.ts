import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import type { Metafile } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, ROOT } from '../scripts/build.mjs';

/**
 * The production build (`npm run build -w @app/server`, run by `npm start`), made into a folder beside `dist` so that
 * node_modules resolve from it as from `dist`: what `npm ci --omit=dev` installs is enough to run it.
 */
const scratch = path.join(ROOT, 'apps/server/.tmp');
let outdir: string;
let metafile: Metafile;
let bundle: string;

beforeAll(async () => {
  mkdirSync(scratch, { recursive: true });
  outdir = mkdtempSync(path.join(scratch, 'build-'));
  metafile = await buildServer({ outdir });
  bundle = readFileSync(path.join(outdir, 'main.js'), 'utf8');
});

afterAll(() => {
  if (outdir) rmSync(outdir, { recursive: true, force: true });
});

const manifestOf = (dir: string) =>
  JSON.parse(readFileSync(path.join(ROOT, dir, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
  };

/** The workspace folder (`apps/server`, `packages/db`, …) of a metafile input. */
const workspaceOf = (input: string) => /^(apps|packages)\/[^/]+/.exec(input)?.[0];

/** The package a bare specifier names, or null for Node's builtins. */
function packageOf(spec: string): string | null {
  const parts = spec.split('/');
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  return spec.startsWith('node:') || builtinModules.includes(name) ? null : name;
}

/** The folder Node finds a package in from `dir`: the nearest node_modules holding it (by the real path). */
function packageDirFrom(dir: string, name: string): string | null {
  for (let at = dir; ; at = path.dirname(at)) {
    const candidate = path.join(at, 'node_modules', name, 'package.json');
    if (existsSync(candidate)) return realpathSync(path.dirname(candidate));
    if (path.dirname(at) === at) return null;
  }
}

describe('production build of the server', () => {
  it('bundles the server and the workspace packages, and no test code', () => {
    const inputs = Object.keys(metafile.inputs);
    expect(inputs).toContain('apps/server/src/main.ts');
    for (const dir of ['packages/contracts', 'packages/db', 'packages/i18n']) {
      expect(inputs.some((input) => input.startsWith(`${dir}/src/`))).toBe(true);
    }
    expect(inputs.filter((input) => !/^(apps\/server|packages\/[^/]+)\/(src|locales)\//.test(input))).toEqual([]);
    expect(inputs.filter((input) => /\.test\.ts$|\/testing\//.test(input))).toEqual([]);
  });

  it('imports only run-time dependencies of the importing workspace, found from the bundle as from the workspace', () => {
    const problems: string[] = [];
    let packages = 0;
    for (const [input, { imports }] of Object.entries(metafile.inputs)) {
      const dependencies = Object.keys(manifestOf(workspaceOf(input)!).dependencies ?? {});
      for (const { path: spec, external } of imports) {
        const name = external ? packageOf(spec) : null;
        if (!name) continue;
        packages++;
        if (!dependencies.includes(name)) problems.push(`${input} imports ${name}, not in its "dependencies"`);
        const fromBundle = packageDirFrom(outdir, name);
        if (!fromBundle || fromBundle !== packageDirFrom(path.join(ROOT, path.dirname(input)), name)) {
          problems.push(`${name} (imported by ${input}) resolves elsewhere from the bundle: ${fromBundle}`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(packages).toBeGreaterThan(20);
  });

  it('keeps paths made from import.meta.url on the source files (migrations, catalogues, web client, demo media)', () => {
    const rewritten = [...bundle.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => m[1]!);
    expect(rewritten.length).toBeGreaterThanOrEqual(4);
    for (const relative of rewritten) expect(existsSync(path.resolve(outdir, relative)), relative).toBe(true);
    expect(bundle).not.toMatch(/import\.meta\.(dirname|filename)/);
  });

  it('starts with plain Node and answers /healthz and /readyz', async () => {
    const port = await freePort();
    const dataDir = mkdtempSync(path.join(scratch, 'data-'));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'off',
      LOG_LEVEL: 'warn',
      JOB_SWEEP_MS: '0',
      EXAM_SWEEP_MS: '0',
    };
    for (const name of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL', 'NODE_OPTIONS']) delete env[name];
    const server = spawn(process.execPath, ['--enable-source-maps', path.join(outdir, 'main.js')], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout.on('data', (chunk) => (output += chunk));
    server.stderr.on('data', (chunk) => (output += chunk));
    try {
      const health = await poll(`http://127.0.0.1:${port}/healthz`, server, () => output);
      expect(health).toEqual({ status: 'ok' });
      const ready = await (await fetch(`http://127.0.0.1:${port}/readyz`)).json();
      expect(ready).toMatchObject({ status: 'ok', checks: { database: 'ok', migrations: 'ok' } });
    } finally {
      await stop(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Polls `url` until it answers 200 (its JSON), failing with the server's output when it exits or 75 s pass. A first
 * start on a fresh embedded database takes 10-16 s of CPU (PGlite's initdb and the migrations): about 11 s on an idle
 * two-core machine, 20-30 s while the suite's other worker runs (the longer on Node 22 and 24).
 */
async function poll(url: string, server: ChildProcess, output: () => string): Promise<unknown> {
  const deadline = Date.now() + 75_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the built server exited (${server.exitCode}):\n${output()}`);
    try {
      const answer = await fetch(url);
      if (answer.ok) return await answer.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the built server did not answer ${url} within 75 s:\n${output()}`);
}

function stop(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => server.kill('SIGKILL'), 5000);
    server.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    server.kill('SIGTERM');
  });
}
