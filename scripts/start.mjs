// `npm start`: builds the web client when it is missing or stale, then runs the server in the foreground.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const builtIndex = path.join(root, 'apps/web/dist/index.html');
/** Everything the web build reads: when one of them is newer than the built index.html, the build is stale. */
const webSources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/i18n/locales',
  'packages/contracts/src',
].map((entry) => path.join(root, entry));

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

function webBuildReason() {
  if (!existsSync(builtIndex)) return 'apps/web/dist/index.html is missing';
  const builtAt = statSync(builtIndex).mtimeMs;
  const changed = webSources.find((entry) => newestMtime(entry) > builtAt);
  return changed ? `${path.relative(root, changed)} changed since the last build` : null;
}

function exitCodeOf(code, signal) {
  if (code !== null) return code;
  return signal ? 128 + (constants.signals[signal] ?? 0) : 1;
}

const reason = webBuildReason();
if (reason) {
  process.stdout.write(`Building the web client (${reason})... `);
  const started = Date.now();
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  // The build's own output (a few hundred lines) is shown only when it fails.
  const build = spawnSync(npm, ['run', '-s', 'build', '-w', '@app/web'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (build.error) throw build.error;
  if (build.status !== 0) {
    console.log('failed.');
    console.error(`${build.stdout}${build.stderr}\nThe web client did not build; the server was not started.`);
    process.exit(exitCodeOf(build.status, build.signal));
  }
  console.log(`done in ${Math.round((Date.now() - started) / 1000)} s.`);
}

// The server runs in its own process group so that Ctrl-C reaches it once, through this script.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
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
