import type { ChildProcess } from 'node:child_process';
import { inPidNamespace } from './sandbox-processes.ts';
import type { SandboxRequest } from './sandbox-provider.ts';

/** How long after killing the sandbox's process 1 the provider also kills bubblewrap and GNU time themselves. */
const KILL_GRACE_MS = 500;

/** One output stream kept up to a byte cap; what comes after is dropped and makes `over` true. */
export class CappedOutput {
  private chunks: Buffer[] = [];
  bytes = 0;
  over = false;

  constructor(private readonly cap: number) {}

  /** Keeps what fits; answers false once the stream went over its cap. */
  push(chunk: Buffer): boolean {
    const room = this.cap - this.bytes;
    if (chunk.length > room) {
      if (room > 0) this.chunks.push(chunk.subarray(0, room));
      this.bytes = this.cap;
      this.over = true;
      return false;
    }
    this.chunks.push(chunk);
    this.bytes += chunk.length;
    return true;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

export type StopReason = 'wall_limit' | 'output_limit' | 'process_limit';

/** What a poll of the running sandbox sees: the program's tasks, their CPU time, their largest peak size. */
export interface RunSample {
  tasks: number;
  cpuMs: number;
  peakBytes: number;
}

export interface RunWatch {
  stdout: CappedOutput;
  stderr: CappedOutput;
  stoppedFor: StopReason | null;
  /** Host pid of bubblewrap's process 1 and the inode of the run's pid namespace (its `--json-status-fd` report). */
  initPid: number | null;
  pidNamespace: number | null;
  /** The exit code bubblewrap reported for its process 1 (the program's, or 128 + its signal). */
  exitCode: number | null;
  /** The most CPU time and the largest peak size seen while polling (a stopped run has no other measure). */
  sampledCpuMs: number;
  sampledPeakBytes: number;
  stop(reason: StopReason): void;
}

/**
 * Watches a started sandbox: feeds its input, keeps its output under the cap, reads bubblewrap's status reports,
 * and stops it at the wall limit, at the output cap, or when its namespace holds more tasks than allowed
 * (`sample`, polled, which also keeps the CPU time and peak size seen, the only measure of a run that is killed). Stopping kills bubblewrap's process 1, which makes the kernel kill everything else in the
 * namespace; bubblewrap then exits and GNU time writes its report. If that has not happened within KILL_GRACE_MS
 * (or process 1 is not known yet) the whole process group (setpriv → time → bubblewrap) is killed.
 */
export function watchRun(
  child: ChildProcess,
  request: SandboxRequest,
  options: {
    pollMs: number;
    sample: (pidNamespace: number) => RunSample;
    /** Told the run's pid namespace as soon as bubblewrap reports it. */
    started?: (pidNamespace: number) => void;
  },
): RunWatch {
  const { pollMs, sample, started } = options;
  const { limits } = request;
  let closed = false;
  const killGroup = () => {
    if (closed || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  };
  const watch: RunWatch = {
    stdout: new CappedOutput(limits.outputBytes),
    stderr: new CappedOutput(limits.outputBytes),
    stoppedFor: null,
    initPid: null,
    pidNamespace: null,
    exitCode: null,
    sampledCpuMs: 0,
    sampledPeakBytes: 0,
    stop(reason) {
      if (closed || watch.stoppedFor) return;
      watch.stoppedFor = reason;
      const { initPid, pidNamespace } = watch;
      if (initPid !== null && pidNamespace !== null && inPidNamespace(initPid, pidNamespace)) {
        try {
          process.kill(initPid, 'SIGKILL');
        } catch {
          killGroup();
        }
        setTimeout(killGroup, KILL_GRACE_MS).unref();
      } else killGroup();
    },
  };

  child.stdout?.on('data', (chunk: Buffer) => watch.stdout.push(chunk) || watch.stop('output_limit'));
  child.stderr?.on('data', (chunk: Buffer) => watch.stderr.push(chunk) || watch.stop('output_limit'));
  let status = '';
  const statusStream = child.stdio[3] as NodeJS.ReadableStream | undefined;
  statusStream?.on('data', (chunk: Buffer) => {
    status += chunk.toString('utf8');
    const lines = status.split('\n');
    status = lines.pop() ?? '';
    for (const line of lines) {
      const before = watch.pidNamespace;
      readStatusLine(watch, line);
      if (before === null && watch.pidNamespace !== null) started?.(watch.pidNamespace);
    }
  });
  statusStream?.on('end', () => readStatusLine(watch, status));
  child.stdin?.on('error', () => {
    // the program ended or closed its input before reading all of it
  });
  child.stdin?.end(request.stdin ?? '');

  const wall = setTimeout(() => watch.stop('wall_limit'), limits.wallMs);
  const poll = setInterval(() => {
    if (watch.pidNamespace === null || closed) return;
    const now = sample(watch.pidNamespace);
    watch.sampledCpuMs = Math.max(watch.sampledCpuMs, now.cpuMs);
    watch.sampledPeakBytes = Math.max(watch.sampledPeakBytes, now.peakBytes);
    if (now.tasks > limits.processes) watch.stop('process_limit');
  }, pollMs);
  child.once('close', () => {
    closed = true;
    clearTimeout(wall);
    clearInterval(poll);
  });
  child.once('error', () => {
    closed = true;
    clearTimeout(wall);
    clearInterval(poll);
  });
  return watch;
}

function readStatusLine(watch: RunWatch, line: string) {
  if (!line.trim()) return;
  try {
    const report = JSON.parse(line) as Record<string, unknown>;
    if (typeof report['child-pid'] === 'number') watch.initPid = report['child-pid'];
    if (typeof report['pid-namespace'] === 'number') watch.pidNamespace = report['pid-namespace'];
    if (typeof report['exit-code'] === 'number') watch.exitCode = report['exit-code'];
  } catch {
    // not a report of bubblewrap's
  }
}

/** How the started process ended: its exit code and signal, or the error that kept it from starting. */
export function readRunEnd(
  child: ChildProcess,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; spawnError: Error | null }> {
  return new Promise((resolve) => {
    child.once('error', (spawnError) => resolve({ code: null, signal: null, spawnError }));
    child.once('close', (code, signal) => resolve({ code, signal, spawnError: null }));
  });
}
