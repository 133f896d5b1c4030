// `npm start`: builds the server and the web client when missing or stale, then runs the built server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverEntry = 'apps/server/dist/main.js';
/**
 * The builds `npm start` needs: the workspace whose `build` script makes it with `tool` (a development dependency),
 * the file it makes, and everything the build reads (when one of them is newer than that file, the build is stale).
 */
const BUILDS = [
  {
    name: 'server',
    workspace: '@app/server',
    dir: 'apps/server',
    tool: 'esbuild',
    output: serverEntry,
    sources: [
      'apps/server/src',
      'apps/server/scripts/build.mjs',
      'packages/contracts/src',
      'packages/db/src',
      'packages/i18n/src',
      'packages/i18n/locales',
    ],
  },
  {
    name: 'web client',
    workspace: '@app/web',
    dir: 'apps/web',
    tool: 'vite',
    output: 'apps/web/dist/index.html',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/i18n/locales',
      'packages/contracts/src',
    ],
  },
];

/** The newest modification time (ms) of a file or of any file below a folder; 0 when it does not exist. */
function newestMtime(entry) {
  let stats;
  try {
    stats = statSync(entry);
  } catch {
    return 0;
  }
  if (!stats.isDirectory()) return stats.mtimeMs;
  let newest = stats.mtimeMs;
  for (const name of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, name)));
  return newest;
}

function buildReason({ output, sources }) {
  if (!existsSync(path.join(root, output))) return `${output} is missing`;
  const builtAt = statSync(path.join(root, output)).mtimeMs;
  const changed = sources.find((entry) => newestMtime(path.join(root, entry)) > builtAt);
  return changed ? `${changed} changed since the last build` : null;
}

function installed({ dir, tool }) {
  try {
    createRequire(path.join(root, dir, 'package.json')).resolve(`${tool}/package.json`);
    return true;
  } catch {
    return false;
  }
}

function exitCodeOf(code, signal) {
  if (code !== null) return code;
  return signal ? 128 + (constants.signals[signal] ?? 0) : 1;
}

for (const build of BUILDS) {
  const reason = buildReason(build);
  if (!reason) continue;
  if (!installed(build)) {
    // A production install cannot rebuild, and a build copied beside a fresh checkout (a build machine's dist, an
    // image) is older than the checkout's files by modification time alone: it runs as built.
    if (existsSync(path.join(root, build.output))) {
      console.warn(`Running the ${build.name} as built (${reason}; ${build.tool} is not installed to rebuild it).`);
      continue;
    }
    console.error(
      `The ${build.name} needs a build (${reason}) and ${build.tool} is not installed, as after \`npm ci --omit=dev\`: ` +
        'build first with `npm ci && npm run build`.',
    );
    process.exit(1);
  }
  process.stdout.write(`Building the ${build.name} (${reason})... `);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build's own output (a few hundred lines for the web client) is shown only when it fails.
  const run = spawnSync(npm, ['run', '-s', 'build', '-w', build.workspace], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error) throw run.error;
  if (run.status !== 0) {
    console.log('failed.');
    console.error(`${run.stdout}${run.stderr}\nThe ${build.name} did not build; the server was not started.`);
    process.exit(exitCodeOf(run.status, run.signal));
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// The server runs in its own process group so that Ctrl-C reaches it once, through this script.
// Stack traces name the TypeScript sources through the bundle's source map.
// Arguments after `npm start --` name a command of the server instead of serving (`copy-files-to-bucket`).
const server = spawn(process.execPath, ['--enable-source-maps', serverEntry, ...process.argv.slice(2)], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

let firstSignalAt = 0;
function forward(signal) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const now = Date.now();
  if (firstSignalAt === 0) {
    firstSignalAt = now;
    // The server stops gracefully on SIGINT and SIGTERM; a hang-up of the terminal asks for the same.
    server.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  } else if (now - firstSignalAt > 2000) {
    console.error('Stopping the server forcibly.');
    server.kill('SIGKILL');
  }
  // A repeat within two seconds is the same stop request delivered twice (by npm and by the terminal).
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => forward(signal));
process.on('exit', () => {
  if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
});

server.on('error', (error) => {
  console.error('The server could not be started:', error);
  process.exit(1);
});
server.on('exit', (code, signal) => process.exit(exitCodeOf(code, signal)));
