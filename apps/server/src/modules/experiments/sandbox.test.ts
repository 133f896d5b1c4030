import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bubblewrapPresent } from './sandbox/bwrap-present.ts';
import { classifyRun, decodeExit } from './sandbox/run-outcome.ts';
import { runningProcesses } from './sandbox/sandbox-processes.ts';
import type { RunResult, SandboxLimits } from './sandbox/sandbox-provider.ts';

/** Every run's pid namespace, as the provider reports it: what must be empty once the run has answered. */
const namespaces: number[] = [];
const provider = bubblewrapPresent('the sandbox tests', { started: (inode) => namespaces.push(inode) });

const MIB = 1024 * 1024;
const LIMITS: SandboxLimits = {
  cpuMs: 1000,
  wallMs: 2000,
  memoryBytes: 256 * MIB,
  processes: 8,
  outputBytes: 64 * 1024,
};
const PYTHON = '/usr/bin/python3';

/** Runs a Python program; answers its result, how long the call took, and the processes of its namespace left. */
async function python(code: string, limits: SandboxLimits = LIMITS, stdin = '') {
  const before = namespaces.length;
  const started = Date.now();
  const result = await provider!.run({
    argv: [PYTHON, '-B', 'main.py'],
    files: [{ path: 'main.py', content: code }],
    stdin,
    limits,
  });
  const elapsed = Date.now() - started;
  const inode = namespaces[before];
  expect(inode, 'the run reported its pid namespace').toBeTypeOf('number');
  return { result, elapsed, left: runningProcesses(inode!) };
}

/** The exact outcome, within the limit plus one second, with nothing of the run left. */
function contained(run: { result: RunResult; elapsed: number; left: unknown[] }, status: string, withinMs: number) {
  expect(run.result.status, `${run.result.stderr}${run.result.message ?? ''}`).toBe(status);
  expect(run.elapsed).toBeLessThan(withinMs + 1000);
  expect(run.left).toEqual([]);
}

describe('how a run ended (no sandbox needed)', () => {
  const facts = {
    stoppedFor: null,
    exitCode: 1,
    signal: null,
    cpuMs: 10,
    memoryBytes: 10 * MIB,
    messages: '',
    limits: LIMITS,
  } as const;

  it('reads 128 + n as the signal n, and names the limit before anything else', () => {
    expect(decodeExit(137)).toEqual({ exitCode: null, signal: 'SIGKILL' });
    expect(decodeExit(3)).toEqual({ exitCode: 3, signal: null });
    expect(classifyRun({ ...facts, stoppedFor: 'wall_limit', exitCode: null, signal: 'SIGKILL' })).toBe('wall_limit');
    expect(classifyRun({ ...facts, exitCode: null, signal: 'SIGXCPU' })).toBe('time_limit');
    // More CPU than allowed is over the limit even when the program ended first (the rlimit has whole seconds).
    expect(classifyRun({ ...facts, exitCode: 0, cpuMs: 1200 })).toBe('time_limit');
    expect(classifyRun({ ...facts, messages: 'MemoryError' })).toBe('memory_limit');
    expect(classifyRun({ ...facts, exitCode: null, signal: 'SIGSEGV', memoryBytes: 250 * MIB })).toBe('memory_limit');
    expect(classifyRun({ ...facts, messages: 'java.lang.OutOfMemoryError: unable to create native thread' })).toBe(
      'process_limit',
    );
    expect(classifyRun({ ...facts, messages: 'OSError: [Errno 27] File too large' })).toBe('output_limit');
    expect(classifyRun(facts)).toBe('runtime_error');
    expect(classifyRun({ ...facts, exitCode: 0 })).toBe('ok');
  });
});

describe.skipIf(!provider)('the bubblewrap sandbox', () => {
  let server: net.Server;
  let port = 0;
  let connections = 0;
  beforeAll(async () => {
    server = net.createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('runs a program with its input and files, as an unprivileged user in /box, with a clean environment', async () => {
    const run = await python(
      'import os, sys\nprint(sys.stdin.read().upper(), os.getcwd(), os.getuid() != 0, sorted(os.environ), os.listdir("/box"))',
      LIMITS,
      'hello',
    );
    contained(run, 'ok', LIMITS.wallMs);
    expect(run.result.stdout.trim()).toBe("HELLO /box True ['HOME', 'LANG', 'PATH', 'PWD', 'TMPDIR'] ['main.py']");
    expect(run.result.exitCode).toBe(0);
    expect(run.result.cpuMs).toBeGreaterThanOrEqual(0);
    expect(run.result.memoryBytes).toBeGreaterThan(MIB);
  });

  it('refuses the network: no route out, and the host loopback is not its loopback', async () => {
    const run = await python(`
import socket
for address in [('1.1.1.1', 80), ('127.0.0.1', ${port})]:
    try:
        socket.create_connection(address, timeout=1)
        print('connected', address)
    except OSError as error:
        print(type(error).__name__, error.errno)
print([name for _, name in socket.if_nameindex()])
`);
    contained(run, 'ok', LIMITS.wallMs);
    expect(run.result.stdout.trim().split('\n')).toEqual([
      'OSError 101', // ENETUNREACH: its network namespace has no route
      'ConnectionRefusedError 111', // its own loopback, where nothing listens
      "['lo']",
    ]);
    expect(connections).toBe(0);
  });

  it('cannot read /etc/shadow, /root or the project', async () => {
    const project = path.join(process.cwd(), 'package.json');
    expect(existsSync(project)).toBe(true);
    const run = await python(`
import os
for name in ['/etc/shadow', '/root', ${JSON.stringify(project)}, ${JSON.stringify(process.cwd())}]:
    print(os.path.exists(name))
try:
    open('/etc/shadow').read()
except OSError as error:
    print(type(error).__name__)
print(sorted(os.listdir('/etc')))
`);
    contained(run, 'ok', LIMITS.wallMs);
    expect(run.result.stdout.trim().split('\n').slice(0, 5)).toEqual([
      'False',
      'False',
      'False',
      'False',
      'FileNotFoundError',
    ]);
    expect(run.result.stdout).not.toContain('shadow');
  });

  it('cannot write outside /box (its /tmp is the box, not the host /tmp)', async () => {
    const marker = `sandbox-probe-${process.pid}-${Date.now()}`;
    const run = await python(`
for name in ['/usr/x', '/x', '/etc/passwd', '/proc/x', '/tmp/${marker}', '/box/y']:
    try:
        open(name, 'w').write('x')
        print('wrote', name)
    except OSError as error:
        print(type(error).__name__, error.errno)
`);
    contained(run, 'ok', LIMITS.wallMs);
    expect(run.result.stdout.trim().split('\n')).toEqual([
      'OSError 30', // EROFS
      'OSError 30',
      'OSError 30',
      'FileNotFoundError 2',
      `wrote /tmp/${marker}`,
      'wrote /box/y',
    ]);
    expect(existsSync(path.join(os.tmpdir(), marker))).toBe(false);
    expect(existsSync(path.join('/tmp', marker))).toBe(false);
  });

  it('stops a fork bomb at the process limit', async () => {
    const run = await python(
      'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass\n',
    );
    contained(run, 'process_limit', LIMITS.wallMs);
  });

  it('refuses 2 GB of memory', async () => {
    const run = await python('data = bytearray(2 * 1024 ** 3)\nprint(len(data))');
    contained(run, 'memory_limit', LIMITS.wallMs);
    expect(run.result.stdout).toBe('');
  });

  it('stops an infinite loop at its CPU time', async () => {
    // The limit is CPU time, which a busy machine hands out slower than the clock: a wall limit far above it, so that
    // the CPU limit is what stops the loop whatever the load, and "within its limit plus one second" is CPU time.
    const limits = { ...LIMITS, wallMs: 10_000 };
    const run = await python('while True:\n    pass\n', limits);
    contained(run, 'time_limit', limits.wallMs);
    expect(run.result.signal).toBe('SIGXCPU');
    // rusage's user + system time comes out a little under the time the rlimit counted (up to 13% here, a VM).
    expect(run.result.cpuMs).toBeGreaterThan(LIMITS.cpuMs / 2);
    expect(run.result.cpuMs).toBeLessThan(LIMITS.cpuMs + 1000);
  });

  it('stops printing 100 MB at the output limit, keeping the first bytes', async () => {
    const run = await python('import sys\nsys.stdout.buffer.write(b"x" * (100 * 1024 * 1024))');
    contained(run, 'output_limit', LIMITS.wallMs);
    expect(run.result.stdout).toBe('x'.repeat(LIMITS.outputBytes));
  });

  it('stops a sleep at the wall limit', async () => {
    const run = await python('import time\ntime.sleep(30)');
    contained(run, 'wall_limit', LIMITS.wallMs);
    expect(run.elapsed).toBeGreaterThanOrEqual(LIMITS.wallMs);
  });

  it('kills what a program left running in the background when it ends', async () => {
    const before = namespaces.length;
    const waiting = python(
      'import os, time\nif os.fork() == 0:\n    time.sleep(30)\nelse:\n    time.sleep(1)\n    print("parent done")',
    );
    // While it runs, its namespace holds its processes (process 1, the parent, the child), so "nothing left" is not
    // said of a namespace that was never seen.
    let ended = false;
    let most = 0;
    void waiting.then(() => {
      ended = true;
    });
    while (!ended) {
      const inode = namespaces[before];
      if (inode !== undefined) most = Math.max(most, runningProcesses(inode).length);
      await delay(20);
    }
    const run = await waiting;
    contained(run, 'ok', LIMITS.wallMs);
    expect(most).toBe(3);
    expect(run.result.stdout).toBe('parent done\n');
  });

  it('dies with the server: a run outlives nothing that kills the server', async () => {
    // A server (a Node process) starts a run that would sleep past its own end, says the run's namespace, and is
    // killed; its run folder goes to a temporary folder of this test's.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'sandbox-server-'));
    chmodSync(tmp, 0o755); // the sandbox uid passes through it to its run folder
    const provider = fileURLToPath(new URL('./sandbox/bubblewrap-provider.ts', import.meta.url));
    const script = `import { BubblewrapProvider } from ${JSON.stringify(provider)};
new BubblewrapProvider({ started: (inode) => console.log('started', inode) }).run({
  argv: ['/usr/bin/sleep', '60'],
  limits: { cpuMs: 1000, wallMs: 60000, memoryBytes: 64 * 1024 * 1024, processes: 4, outputBytes: 1000 },
});`;
    const server = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, TMPDIR: tmp },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let said = '';
    server.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString();
    });
    try {
      const inode = await new Promise<number>((resolve, reject) => {
        server.stdout.on('data', (chunk: Buffer) => {
          const said = /started (\d+)/.exec(chunk.toString());
          if (said) resolve(Number(said[1]));
        });
        server.once('exit', (code) => reject(new Error(`the server ended (${code}) before its run started: ${said}`)));
      });
      const count = async (until: (n: number) => boolean) => {
        const deadline = Date.now() + 2000;
        while (!until(runningProcesses(inode).length) && Date.now() < deadline) await delay(20);
        return runningProcesses(inode).length;
      };
      expect(await count((n) => n === 2)).toBe(2); // GNU time as process 1, and sleep
      server.kill('SIGKILL');
      const killed = Date.now();
      expect(await count((n) => n === 0)).toBe(0);
      expect(Date.now() - killed).toBeLessThan(1000);
    } finally {
      server.kill('SIGKILL');
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('gives back the files a run wrote, but not links out of the box', async () => {
    const result = await provider!.run({
      argv: ['/bin/sh', '-c', 'echo made > out.txt && mkdir sub && echo deep > sub/b && ln -s /etc/passwd link'],
      limits: LIMITS,
      collectFiles: true,
    });
    expect(result.status).toBe('ok');
    expect(result.files?.map((file) => [file.path, Buffer.from(file.content).toString()])).toEqual([
      ['out.txt', 'made\n'],
      ['sub/b', 'deep\n'],
    ]);
  });
});
