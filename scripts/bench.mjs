// `npm run bench -- <name> [args...]`: runs bench/<name>.ts with tsx, passing the remaining arguments and the env.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const benchDir = path.join(root, 'bench');
const [name, ...args] = process.argv.slice(2);

function available() {
  const names = existsSync(benchDir) ? readdirSync(benchDir).filter((file) => file.endsWith('.ts')) : [];
  return names.map((file) => file.slice(0, -'.ts'.length)).join(', ') || '(none)';
}

if (!name || name.startsWith('-') || !/^[\w.-]+$/.test(name)) {
  console.error(`Usage: npm run bench -- <name> [args...]\nBenchmarks: ${available()}`);
  process.exit(2);
}
const script = path.join(benchDir, `${name}.ts`);
if (!existsSync(script)) {
  console.error(`There is no bench/${name}.ts. Benchmarks: ${available()}`);
  process.exit(2);
}

// The benchmark runs in its own process group so that Ctrl-C reaches it once and it can stop what it started.
const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
  cwd: root,
  env: process.env,
  stdio: 'inherit',
  detached: process.platform !== 'win32',
});

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (stopping || child.exitCode !== null || child.signalCode !== null) return;
    stopping = true;
    child.kill(signal === 'SIGHUP' ? 'SIGTERM' : signal);
  });
}
process.on('exit', () => {
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
child.on('error', (error) => {
  console.error(`bench/${name}.ts could not be started:`, error);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
