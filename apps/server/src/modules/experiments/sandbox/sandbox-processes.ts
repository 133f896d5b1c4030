import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * The processes of a run, found by their pid namespace: every sandbox has its own (`--unshare-pid`), so a process
 * whose `/proc/<pid>/ns/pid` names that namespace belongs to the run, whatever it became (a daemon, a fork bomb's
 * child, a renamed process). Used while a run goes (counting its tasks for the process limit) and after it (checking
 * that nothing is left). `/proc/<pid>/task/*\/children` would walk the tree more cheaply but needs a kernel option
 * (CONFIG_PROC_CHILDREN) this project's machines do not have.
 */

export interface SandboxProcess {
  pid: number;
  /** Its threads; Linux's process limit counts them all. */
  threads: number;
  /** User + system CPU time so far. */
  cpuMs: number;
  /** Its peak resident size so far (VmHWM). */
  peakBytes: number;
  /** Ended, waiting for its parent to reap it (state Z): it runs nothing and holds no memory, only its pid. */
  zombie: boolean;
}

/** /proc's time unit (USER_HZ, 100 on every Linux architecture). */
const TICK_MS = 10;

/** The namespace's identity as `/proc/<pid>/ns/pid` reads it (`pid:[4026532181]`). */
export const pidNamespaceLink = (inode: number) => `pid:[${inode}]`;

/** Whether `pid` is (still) in the namespace: a pid whose process ended may be reused by another. */
export function inPidNamespace(pid: number, inode: number): boolean {
  try {
    return readlinkSync(`/proc/${pid}/ns/pid`) === pidNamespaceLink(inode);
  } catch {
    return false;
  }
}

/** The processes now in the namespace (those we may not read, or that end meanwhile, are passed over). */
export function namespaceProcesses(inode: number): SandboxProcess[] {
  const link = pidNamespaceLink(inode);
  const found: SandboxProcess[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      if (readlinkSync(`/proc/${name}/ns/pid`) !== link) continue;
      // stat's fields 14-15 are utime/stime, 20 num_threads; the command name (field 2) may hold spaces and
      // parentheses, so fields are counted after its last ')' (field 3 is then index 0).
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const peakKib = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${name}/status`, 'utf8'))?.[1];
      found.push({
        pid: Number(name),
        threads: Number(fields[17]) || 1,
        cpuMs: (Number(fields[11]) + Number(fields[12])) * TICK_MS || 0,
        peakBytes: Number(peakKib ?? 0) * 1024,
        zombie: fields[0] === 'Z',
      });
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** What the namespace holds now: its tasks (processes and threads), their CPU time and the largest peak size. */
export function sampleNamespace(inode: number): { tasks: number; cpuMs: number; peakBytes: number } {
  const sample = { tasks: 0, cpuMs: 0, peakBytes: 0 };
  for (const p of namespaceProcesses(inode)) {
    sample.tasks += p.threads;
    sample.cpuMs += p.cpuMs;
    sample.peakBytes = Math.max(sample.peakBytes, p.peakBytes);
  }
  return sample;
}

/**
 * The namespace's processes that still run. A zombie is not one: when bubblewrap is killed before it reaps the
 * sandbox's process 1, that process ends as a zombie of the host's process 1, which reaps it in its own time.
 */
export const runningProcesses = (inode: number) => namespaceProcesses(inode).filter((p) => !p.zombie);

/** Kills whatever still runs in the namespace; answers how many were found. */
export function killNamespace(inode: number): number {
  const left = runningProcesses(inode);
  for (const { pid } of left) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  return left.length;
}
