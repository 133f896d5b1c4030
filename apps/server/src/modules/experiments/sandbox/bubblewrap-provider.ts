import { spawn, spawnSync } from 'node:child_process';
import { chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { bwrapCommand, parseTimeReport, SANDBOX_UID } from './bwrap-command.ts';
import { findHostTools, type HostTools } from './host-tools.ts';
import { classifyRun, decodeExit } from './run-outcome.ts';
import { collectBoxFiles } from './sandbox-files.ts';
import { killNamespace, runningProcesses, sampleNamespace } from './sandbox-processes.ts';
import type { ProviderCheck, RunResult, SandboxProvider, SandboxRequest } from './sandbox-provider.ts';
import { checkBoxPath } from './sandbox-provider.ts';
import { readRunEnd, watchRun } from './watch-run.ts';

/** How often a running sandbox's tasks are counted for the process limit. */
const PROCESS_POLL_MS = 50;
/** How long the provider waits, after bubblewrap has gone, for the kernel to empty the namespace. */
const LEFTOVER_WAIT_MS = 1000;

const isRoot = () => process.getuid?.() === 0;

/**
 * Runs programs in bubblewrap on this machine (see `bwrapCommand` for the isolation and `prlimitArgs` for the
 * rlimits). The program never runs as root: a root server drops to uid 65534 before bubblewrap starts, which then
 * builds an unprivileged user namespace; a non-root server's programs run as its own uid. Either way the process
 * rlimit is counted in that namespace, so concurrent runs do not share it (and root's tasks are exempt from it, which
 * is why root is dropped).
 *
 * A run's folder (in the system temp folder, which the sandbox uid must be able to pass through: /tmp is) holds the
 * box (shown as /box), the sandbox's passwd/group and GNU time's report; it is removed after the run (a server killed
 * mid-run leaves it for the system's temp cleaning). The wall limit, the output cap and the process count are watched here
 * (`watch-run.ts`); CPU, memory, file size and the process budget are the kernel's (rlimits).
 */
export class BubblewrapProvider implements SandboxProvider {
  readonly name = 'bubblewrap';
  private checked: ProviderCheck | null = null;
  private tools: HostTools | null = null;

  /** `started`: told each run's pid namespace when it starts (tests check that nothing of it is left). */
  constructor(private readonly options: { started?: (pidNamespace: number) => void } = {}) {}

  check(): ProviderCheck {
    if (this.checked) return this.checked;
    const { tools, problems } = findHostTools();
    this.tools = tools;
    if (tools) {
      // A real sandbox start: bubblewrap may be installed where user namespaces are not allowed.
      const trial = spawnSync(
        isRoot() ? tools.setpriv : tools.bwrap,
        [
          ...(isRoot()
            ? [`--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', '--', tools.bwrap]
            : []),
          '--unshare-all',
          '--unshare-user',
          '--disable-userns',
          '--ro-bind',
          '/usr',
          '/usr',
          '--symlink',
          'usr/bin',
          '/bin',
          '--symlink',
          'usr/lib',
          '/lib',
          '--symlink',
          'usr/lib64',
          '/lib64',
          '--as-pid-1',
          '--',
          '/usr/bin/true',
        ],
        { encoding: 'utf8', timeout: 10_000 },
      );
      if (trial.status !== 0) {
        problems.push(
          `bubblewrap cannot start a sandbox here (${(trial.stderr || trial.error?.message || '').trim()}); it needs unprivileged user namespaces (kernel.unprivileged_userns_clone=1, or AppArmor allowing bwrap)`,
        );
      }
    }
    this.checked = { ok: problems.length === 0, problems };
    return this.checked;
  }

  async run(request: SandboxRequest): Promise<RunResult> {
    const check = this.check();
    if (!check.ok || !this.tools) return failed(`the sandbox cannot run: ${check.problems.join('; ')}`, 0);
    const runDir = mkdtempSync(path.join(os.tmpdir(), 'sandbox-'));
    const started = Date.now();
    try {
      const plan = prepareRunDir(runDir, request);
      const { command, args } = bwrapCommand({
        tools: this.tools,
        ...plan,
        dropRoot: isRoot(),
        argv: request.argv,
        limits: request.limits,
        mounts: request.mounts ?? [],
        env: request.env ?? {},
      });
      const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'pipe', 'pipe'], detached: true, env: {} });
      const watch = watchRun(child, request, {
        pollMs: PROCESS_POLL_MS,
        sample: (inode) => {
          const sample = sampleNamespace(inode);
          return { ...sample, tasks: sample.tasks - 1 }; // the sandbox's process 1 (GNU time) is not the program's
        },
        started: this.options.started,
      });
      const end = await readRunEnd(child);
      const left = await emptyNamespace(watch.pidNamespace);
      const wallMs = Date.now() - started;
      if (end.spawnError) return failed(`could not start the sandbox: ${end.spawnError.message}`, wallMs);
      if (watch.pidNamespace === null) {
        return failed(`bubblewrap did not start the program: ${watch.stderr.text().trim()}`, wallMs);
      }
      if (left > 0) return failed(`${left} processes were left in the sandbox and killed`, wallMs);
      const report = readTimeReport(plan.timeReport);
      const { exitCode, signal } = decodeExit(watch.exitCode ?? end.code);
      // A killed run's processes are reaped by the kernel without adding to GNU time's counts: the polls' figures
      // stand in for them.
      const cpuMs = Math.max(report?.cpuMs ?? 0, watch.sampledCpuMs);
      const memoryBytes = Math.max(report?.memoryBytes ?? 0, watch.sampledPeakBytes) || null;
      const stdout = watch.stdout.text();
      const stderr = watch.stderr.text();
      const status = classifyRun({
        stoppedFor: watch.stoppedFor,
        ...{ exitCode, signal, cpuMs, memoryBytes },
        messages: `${stderr}\n${stdout.slice(-2000)}`,
        limits: request.limits,
      });
      const result: RunResult = { status, exitCode, signal, stdout, stderr, cpuMs, wallMs, memoryBytes };
      if (request.collectFiles) {
        const given = new Set((request.files ?? []).map((file) => file.path));
        result.files = collectBoxFiles(plan.boxDir).filter((file) => !given.has(file.path));
      }
      return result;
    } catch (error) {
      return failed(`the sandbox failed: ${(error as Error).message}`, Date.now() - started);
    } finally {
      rmSync(runDir, { recursive: true, force: true });
    }
  }
}

function failed(message: string, wallMs: number): RunResult {
  const base = { exitCode: null, signal: null, stdout: '', stderr: '', cpuMs: null, memoryBytes: null };
  return { ...base, status: 'internal_error', wallMs, message };
}

/**
 * Writes the box's files and the sandbox's passwd/group; as root, hands the folder to the sandbox uid (the program
 * writes in /box; GNU time, dropped with it, writes its report beside).
 */
function prepareRunDir(runDir: string, request: SandboxRequest) {
  const boxDir = path.join(runDir, 'box');
  mkdirSync(boxDir);
  for (const file of request.files ?? []) {
    const target = path.join(boxDir, checkBoxPath(file.path));
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content, { mode: file.executable ? 0o755 : 0o644 });
  }
  const uid = isRoot() ? SANDBOX_UID : process.getuid!();
  const gid = isRoot() ? SANDBOX_UID : process.getgid!();
  const passwdFile = path.join(runDir, 'passwd');
  const groupFile = path.join(runDir, 'group');
  writeFileSync(passwdFile, `sandbox:x:${uid}:${gid}:sandbox:/box:/usr/sbin/nologin\n`, { mode: 0o644 });
  writeFileSync(groupFile, `sandbox:x:${gid}:\n`, { mode: 0o644 });
  if (isRoot()) {
    chownSync(runDir, uid, gid);
    chownSync(boxDir, uid, gid);
    for (const entry of readdirSync(boxDir, { recursive: true, encoding: 'utf8' })) {
      chownSync(path.join(boxDir, entry), uid, gid);
    }
  }
  return { boxDir, passwdFile, groupFile, timeReport: path.join(runDir, 'time.txt') };
}

/**
 * Waits until nothing runs in the run's pid namespace: when the sandbox's process 1 dies the kernel kills the rest,
 * which takes a moment when we killed it. What still runs after LEFTOVER_WAIT_MS is killed and counted (a failure).
 */
async function emptyNamespace(inode: number | null): Promise<number> {
  if (inode === null) return 0;
  const until = Date.now() + LEFTOVER_WAIT_MS;
  while (Date.now() < until) {
    if (runningProcesses(inode).length === 0) return 0;
    await delay(20);
  }
  return killNamespace(inode);
}

function readTimeReport(file: string) {
  try {
    return parseTimeReport(readFileSync(file, 'utf8'));
  } catch {
    return null; // time was killed with the rest (the run went past the kill grace)
  }
}
