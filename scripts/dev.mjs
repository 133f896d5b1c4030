// `npm run dev`: the server under `tsx watch` and the Vite dev server together; stopping one stops both.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsxCli = createRequire(import.meta.url).resolve('tsx/cli');
const posix = process.platform !== 'win32';

/**
 * Each child gets its own process group, so that Ctrl-C reaches it once, through this script. `tsx watch` relays a
 * stop signal to the server itself; the web side (npm, its shell, Vite) is stopped as a whole group.
 */
const children = [
  {
    name: 'server',
    group: false,
    process: spawn(process.execPath, [tsxCli, 'watch', '--clear-screen=false', 'apps/server/src/main.ts'], {
      cwd: root,
      env: process.env,
      stdio: 'inherit',
      detached: posix,
    }),
  },
  {
    name: 'web',
    group: true,
    process: spawn(posix ? 'npm' : 'npm.cmd', ['run', 'dev', '-w', '@app/web'], {
      cwd: root,
      env: process.env,
      stdio: ['ignore', 'inherit', 'inherit'],
      detached: posix,
    }),
  },
];

const running = (child) => child.process.exitCode === null && child.process.signalCode === null;

/** Sends a signal to a child, or to its whole process group when it has one or when the signal is SIGKILL. */
function signalChild(child, signal) {
  if (!running(child)) return;
  try {
    if (posix && child.process.pid && (child.group || signal === 'SIGKILL')) process.kill(-child.process.pid, signal);
    else child.process.kill(signal);
  } catch {
    // Already gone.
  }
}

let exitCode = null;
function stopAll(code, signal = 'SIGTERM') {
  if (exitCode !== null) return;
  exitCode = code;
  for (const child of children) signalChild(child, signal);
  setTimeout(() => {
    for (const child of children) signalChild(child, 'SIGKILL');
    process.exit(exitCode);
  }, 5000).unref();
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => stopAll(128 + (constants.signals[signal] ?? 0), signal === 'SIGHUP' ? 'SIGTERM' : signal));
}
process.on('exit', () => {
  for (const child of children) signalChild(child, 'SIGKILL');
});

for (const child of children) {
  child.process.on('error', (error) => {
    console.error(`[dev] the ${child.name} could not be started:`, error);
    stopAll(1);
  });
  child.process.on('exit', (code, signal) => {
    if (exitCode === null) {
      console.error(`[dev] the ${child.name} stopped (${signal ?? `exit code ${code}`}); stopping the rest.`);
      stopAll(code || 1);
    }
    if (children.every((other) => !running(other))) process.exit(exitCode ?? 0);
  });
}
