// End-to-end tests: builds the web client, starts servers on fresh embedded databases that mail to a local sink
// (mail-sink.mjs) — one per runner with captcha off (the first with a Janus for live-room media), one with captcha on
// for the captcha test — then runs e2e/specs/*.spec.ts with node's test runner in Debian Chromium, two runners
// (E2E_WORKERS) taking specs from one queue (spec-queue.mjs), and prints the summed `# pass` and `# fail`.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import { startMailSink } from './mail-sink.mjs';
import { runQueue } from './spec-queue.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: apt-get install chromium fonts-noto-cjk (.ci/run does it).`);
  process.exit(1);
}

const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

function freePort() {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// Live rooms' media go through a Janus of the run's own (skipped with the reason where Janus is missing; under CI=true
// a missing Janus fails the run).
const { janusPresent, startJanus } = await tsImport('../apps/server/src/testing/janus-server.ts', import.meta.url);
// The first server's port is chosen first: Janus's event handler reports to it (a camera that stops, for invigilation).
const mainPort = await freePort();
const janus = janusPresent('the live-room browser tests')
  ? await startJanus({ platformUrl: `http://127.0.0.1:${mainPort}` })
  : null;

const mailDir = mkdtempSync(path.join(tmpdir(), 'e2e-mail-'));
const mailSink = await startMailSink(mailDir);

const servers = [];
// Up to 3 minutes: the servers seed at once, on a machine other work may share.
async function startServer(env, port) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'e2e-data-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${mailSink.port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  servers.push({ child, dataDir });
  const url = `http://127.0.0.1:${port}`;
  // Up to 3 minutes: on a loaded machine compiling the server alone can take a minute.
  for (let i = 0; i < 360; i++) {
    try {
      const response = await fetch(`${url}/api/index/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      if (response.ok) return url;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server on ${url} did not start`);
}

function stopServers() {
  for (const { child, dataDir } of servers) {
    child.kill('SIGTERM');
    setTimeout(() => rmSync(dataDir, { recursive: true, force: true }), 2000).unref();
  }
  mailSink.close();
  rmSync(mailDir, { recursive: true, force: true });
}
process.on('SIGINT', () => {
  stopServers();
  void janus?.close().finally(() => process.exit(130));
});

// Specs that use the live-media server run on the first runner, whose server has the Janus (Janus's events go there).
const MEDIA_SPECS = ['live-rooms.spec.ts', 'invigilation.spec.ts'];
const workers = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

let status = 1;
try {
  const mainServers = [startServer({ CAPTCHA: 'off', ...(janus?.env ?? {}) }, mainPort)];
  for (let i = 1; i < workers; i++) mainServers.push(startServer({ CAPTCHA: 'off' }, await freePort()));
  const [captchaUrl, ...urls] = await Promise.all([startServer({ CAPTCHA: 'on' }, await freePort()), ...mainServers]);
  mkdirSync(path.join(root, 'e2e', 'screenshots'), { recursive: true });
  const only = process.argv.slice(2);
  const specs = readdirSync(path.join(root, 'e2e', 'specs'))
    .filter((f) => f.endsWith('.spec.ts') && (only.length === 0 || only.some((o) => f.includes(o))))
    .map((f) => path.join('e2e', 'specs', f));
  const runners = urls.map((url, index) => ({
    media: index === 0,
    env: {
      ...process.env,
      E2E_URL: url,
      E2E_CAPTCHA_URL: captchaUrl,
      E2E_MAIL_DIR: mailDir,
      E2E_JANUS: janus && index === 0 ? '1' : '',
      CHROMIUM_PATH: chromium,
    },
  }));
  const started = Date.now();
  const totals = await runQueue(root, specs, runners, (spec) => MEDIA_SPECS.includes(path.basename(spec)));
  console.log(
    `# ${specs.length} spec files on ${runners.length} runners in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
  console.log(`# pass ${totals.pass}`);
  console.log(`# fail ${totals.fail}`);
  status = totals.fail === 0 ? 0 : 1;
} catch (error) {
  console.error(error);
} finally {
  stopServers();
  await janus?.close();
}
process.exit(status);
