import { existsSync, lstatSync, readdirSync, readlinkSync } from 'node:fs';
import type { HostTools } from './host-tools.ts';
import type { SandboxLimits, SandboxMount } from './sandbox-provider.ts';

/** The uid (and gid) programs run as when the server is root: `nobody`, which owns no file of the host. */
export const SANDBOX_UID = 65534;

/** The largest file a run may write when its limits do not say. */
export const DEFAULT_FILE_BYTES = 16 * 1024 * 1024;

/** The top folders of a Debian system: with merged /usr they are symlinks into /usr and are made so in the sandbox. */
const SYSTEM_TOP = ['/bin', '/sbin', '/lib', '/lib64', '/lib32', '/libx32'];

/**
 * The only /etc entries shown: the dynamic linker's cache, Debian's alternatives (java, javac, … are symlinks through
 * them), the time zone, and the JDK's configuration (its conf/ and security/ files are symlinks into
 * /etc/java-<n>-openjdk). Not passwd/shadow/group of the host (a two-line passwd of the sandbox user is made instead),
 * not hosts, resolv.conf, ssl.
 */
function etcEntries(): string[] {
  const fixed = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/ld.so.conf', '/etc/ld.so.conf.d', '/etc/localtime'];
  let java: string[] = [];
  try {
    java = readdirSync('/etc')
      .filter((name) => /^java-\d+-openjdk$/.test(name))
      .map((name) => `/etc/${name}`);
  } catch {
    // no /etc to read: nothing more to show
  }
  return [...fixed, ...java].filter((entry) => existsSync(entry));
}

function systemMounts(): string[] {
  const args = ['--ro-bind', '/usr', '/usr'];
  for (const top of SYSTEM_TOP) {
    try {
      const stat = lstatSync(top);
      if (stat.isSymbolicLink()) args.push('--symlink', readlinkSync(top), top);
      else if (stat.isDirectory()) args.push('--ro-bind', top, top);
    } catch {
      // not on this system
    }
  }
  for (const entry of etcEntries()) args.push('--ro-bind', entry, entry);
  return args;
}

export interface BwrapPlan {
  tools: HostTools;
  /** Host folder shown writable as /box. */
  boxDir: string;
  /** Host files shown read-only as /etc/passwd and /etc/group. */
  passwdFile: string;
  groupFile: string;
  /** Host file GNU time writes its report to (outside the box, so the program cannot forge it). */
  timeReport: string;
  /** Drop to SANDBOX_UID before bubblewrap (the server runs as root). */
  dropRoot: boolean;
  argv: string[];
  limits: SandboxLimits;
  mounts: SandboxMount[];
  env: Record<string, string>;
}

/** The line GNU time writes: elapsed s, user CPU s, system CPU s, peak resident KiB, exit status. */
export const TIME_FORMAT = 'sandbox-time %e %U %S %M %x';

/**
 * The rlimits, set by prlimit inside the sandbox just before the program (bubblewrap itself is not limited):
 * CPU seconds (soft: SIGXCPU; hard one second later: SIGKILL, for a program that catches SIGXCPU), writable private
 * memory (RLIMIT_DATA: heap, anonymous mappings, thread stacks; unlike RLIMIT_AS it leaves alone the address space
 * that Node's and Java's runtimes reserve but never touch), tasks (RLIMIT_NPROC: counted per user namespace, so each
 * run has its own budget; `processes` + the sandbox's process 1 + one more, so that a program over its limit can be
 * seen), file size, no core files.
 */
export function prlimitArgs(limits: SandboxLimits): string[] {
  const cpuSeconds = Math.max(1, Math.ceil(limits.cpuMs / 1000));
  return [
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--data=${limits.memoryBytes}`,
    `--nproc=${limits.processes + 2}`,
    `--fsize=${limits.fileBytes ?? DEFAULT_FILE_BYTES}`,
    '--core=0',
  ];
}

/**
 * The command line of one run: setpriv (as root also dropping to SANDBOX_UID) → GNU time → bubblewrap → GNU time as process 1 → prlimit → the
 * program.
 *
 * Process 1 of the sandbox is a second GNU time (its report thrown away), not bubblewrap's own reaper: bubblewrap's
 * outer process returns as soon as its reaper reports the program's exit, without waiting for the reaper, which is
 * then left a zombie for the host's process 1 to reap; where that is Node (a container running the server directly)
 * or anything that does not reap, every run would leave one. With `--as-pid-1` the outer bubblewrap waits for process
 * 1 itself. GNU time reaps like an init (it waits for any child until the program ends), passes the program's exit on
 * (its code, or 128 + its signal), and is a normal parent, so the program gets the kernel's signals (SIGXCPU,
 * SIGABRT) as usual, which a program that is process 1 itself would not. When process 1 ends the kernel kills what is
 * left in the namespace and reaps it into process 1's counts, so the outer GNU time (outside the sandbox, where the
 * program cannot reach its report) measures everything the run did.
 *
 * Bubblewrap: every namespace new (`--unshare-all` + `--unshare-user`): no network but a loopback of its own, its own
 * pids, no further user namespaces (`--disable-userns`); `--die-with-parent` and `--new-session`; /usr and the chosen
 * /etc entries read-only, a fresh /proc and /dev, the box writable as /box (also /tmp and the current folder), every
 * other path of the host absent, and the root made read-only last, so nothing outside /box can be written.
 */
export function bwrapCommand(plan: BwrapPlan): { command: string; args: string[] } {
  const env = { PATH: '/usr/local/bin:/usr/bin:/bin', HOME: '/box', LANG: 'C.UTF-8', TMPDIR: '/box', ...plan.env };
  const bwrap = [
    plan.tools.bwrap,
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'box',
    '--clearenv',
    ...Object.entries(env).flatMap(([name, value]) => ['--setenv', name, value]),
    ...systemMounts(),
    '--ro-bind',
    plan.passwdFile,
    '/etc/passwd',
    '--ro-bind',
    plan.groupFile,
    '/etc/group',
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--bind',
    plan.boxDir,
    '/box',
    '--symlink',
    '/box',
    '/tmp',
    ...plan.mounts.flatMap((mount) => ['--ro-bind', mount.hostPath, mount.sandboxPath]),
    '--remount-ro',
    '/',
    '--chdir',
    '/box',
    '--as-pid-1',
    '--json-status-fd',
    '3',
    '--',
    plan.tools.time,
    '--quiet',
    '--format=',
    '--output=/dev/null',
    plan.tools.prlimit,
    ...prlimitArgs(plan.limits),
    '--',
    ...plan.argv,
  ];
  const timed = [plan.tools.time, '-f', TIME_FORMAT, '-o', plan.timeReport, ...bwrap];
  // setpriv sets the parent-death signal after any uid change (a change of uid clears it): if the server dies, GNU time
  // is killed, bubblewrap with it (--die-with-parent), and the namespace with bubblewrap; the wall limit is the
  // server's timer, so without this a sleeping program would outlive it.
  const id = String(SANDBOX_UID);
  const drop = plan.dropRoot ? [`--reuid=${id}`, `--regid=${id}`, '--clear-groups'] : [];
  return { command: plan.tools.setpriv, args: [...drop, '--pdeathsig', 'SIGKILL', '--', ...timed] };
}

/** Reads GNU time's report (the last line in TIME_FORMAT; a line before it may say how the command ended). */
export function parseTimeReport(text: string): { cpuMs: number; memoryBytes: number } | null {
  const line = text
    .split('\n')
    .reverse()
    .find((l) => l.startsWith('sandbox-time '));
  if (!line) return null;
  const [, , user, system, peakKib] = line.split(' ').map(Number);
  if ([user, system, peakKib].some((n) => n === undefined || Number.isNaN(n))) return null;
  return { cpuMs: Math.round((user! + system!) * 1000), memoryBytes: peakKib! * 1024 };
}
