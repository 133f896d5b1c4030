import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';

/**
 * The first executable file named `name` on PATH (or `name` itself when it is a path), skipping folders under
 * `skipUnder` (a version manager's shims under /root, which the sandbox does not show and which pick a binary
 * by reading files the sandbox does not have); null when there is none.
 */
export function findExecutable(name: string, skipUnder: string[] = []): string | null {
  const candidates = name.includes('/')
    ? [name]
    : (process.env.PATH ?? '/usr/local/bin:/usr/bin:/bin')
        .split(':')
        .filter((dir) => dir && !skipUnder.some((skip) => dir === skip || dir.startsWith(`${skip}/`)))
        .map((dir) => path.join(dir, name));
  for (const candidate of candidates) {
    try {
      accessSync(candidate, constants.X_OK);
      if (statSync(candidate).isFile()) return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

/** The host programs the bubblewrap provider runs, each an absolute path. */
export interface HostTools {
  bwrap: string;
  /** GNU time (Debian package `time`), outside the sandbox: the CPU time and peak memory of everything in it. */
  time: string;
  /** util-linux: sets the rlimits inside the sandbox, just before the program. */
  prlimit: string;
  /** util-linux: ties the run to the server's life (parent-death signal) and, as root, drops to the sandbox uid. */
  setpriv: string;
}

const PACKAGES: Record<keyof HostTools, string> = {
  bwrap: 'bubblewrap',
  time: 'time',
  prlimit: 'util-linux',
  setpriv: 'util-linux',
};

/** The tools, or what is missing said for an operator. GNU time must be the file /usr/bin/time (the shell's `time` is
 * a keyword, not a program). */
export function findHostTools(): { tools: HostTools | null; problems: string[] } {
  const found = {
    bwrap: findExecutable('bwrap'),
    time: findExecutable('/usr/bin/time'),
    prlimit: findExecutable('prlimit'),
    setpriv: findExecutable('setpriv'),
  };
  const problems = (Object.keys(found) as (keyof HostTools)[])
    .filter((tool) => found[tool] === null)
    .map((tool) => `${tool} is not installed (Debian package: ${PACKAGES[tool]})`);
  return { tools: problems.length ? null : (found as HostTools), problems };
}
