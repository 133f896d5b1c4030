/**
 * What runs a learner's program: one request (a command, the files of its work folder, its input, its limits) in, one
 * result (how it ended, its output, what it used) out. Nothing here names a language, a compiler or a tool: the
 * languages (`languages.ts`) turn a submission into requests, the grader (`grader.ts`) judges the results.
 *
 * `BubblewrapProvider` (bubblewrap-provider.ts) implements it on one machine. **A container provider** (Docker,
 * containerd or a Kubernetes Job on a cluster) would implement the same `run`:
 * - a container from an image holding the language runtimes, no network (`--network none` / no CNI attachment), the
 *   image's file system read-only (`--read-only`), a size-limited tmpfs at `/box` as the work folder (`--tmpfs
 *   /box:size=…`), the request's files copied in before the start (`docker cp`/a tar stream, or an init container),
 *   `mounts` as read-only volumes, the program run as a non-root user (`--user 65534`) with no capabilities
 *   (`--cap-drop ALL`, `no-new-privileges`);
 * - the limits from the container's cgroup (`--memory` with swap off, `--pids-limit`, `--cpus`) plus the same rlimits
 *   (`--ulimit cpu=…,fsize=…`), wall time by the caller's timer (`docker kill`), output read from the attached
 *   streams with the same byte cap;
 * - the status from the engine's state: `OOMKilled` → `memory_limit`, the pids cgroup's `pids.events` → `process_limit`,
 *   the cgroup's CPU usage → `cpuMs` and `time_limit`, its memory peak → `memoryBytes`; `collectFiles` read back from
 *   the tmpfs before the container is removed (`docker cp` out);
 * - the container removed (`--rm`) whatever happens, which is the "no process left" guarantee.
 * Callers need nothing else: requests carry only sandbox paths (`/box/...`), never host paths, except `mounts`.
 */

/** How a run ended. `time_limit` is CPU time; `wall_limit` is elapsed time (a sleep, a wait on input). */
export type RunStatus =
  | 'ok'
  | 'runtime_error'
  | 'time_limit'
  | 'wall_limit'
  | 'memory_limit'
  | 'output_limit'
  | 'process_limit'
  | 'internal_error';

export interface SandboxLimits {
  /** CPU time of the program and every process it starts, in milliseconds. */
  cpuMs: number;
  /** Elapsed time from the start until the whole sandbox is gone, in milliseconds. */
  wallMs: number;
  /** Memory the program may take (its heap and other writable private memory), in bytes. */
  memoryBytes: number;
  /** Tasks the program may have at once: processes and threads alike (Linux counts both). */
  processes: number;
  /** Bytes of standard output, and separately of standard error, before the run is stopped. */
  outputBytes: number;
  /** The largest file the program may write in its work folder (default 16 MiB). */
  fileBytes?: number;
}

export interface SandboxFile {
  /** Relative to the work folder `/box`, `/`-separated, no `..`. */
  path: string;
  content: string | Uint8Array;
  executable?: boolean;
}

/** A host folder or file shown read-only inside the sandbox (data sources, a runtime outside /usr). */
export interface SandboxMount {
  hostPath: string;
  sandboxPath: string;
}

export interface SandboxRequest {
  /** The program and its arguments, as seen inside the sandbox (the work folder is `/box`, also the current folder). */
  argv: string[];
  files?: SandboxFile[];
  stdin?: string | Uint8Array;
  limits: SandboxLimits;
  mounts?: SandboxMount[];
  /** Added to the clean environment (PATH, HOME=/box, LANG=C.UTF-8, TMPDIR=/box). */
  env?: Record<string, string>;
  /** Give back the files the run left in `/box` that were not given to it (a compiler's output). */
  collectFiles?: boolean;
}

export interface RunResult {
  status: RunStatus;
  /** The program's exit code, null when it was ended by a signal or never started. */
  exitCode: number | null;
  /** The signal that ended it (`SIGKILL`, `SIGXCPU`, …), null when it exited. */
  signal: string | null;
  /** Its output, each cut at `limits.outputBytes` (decoded as UTF-8). */
  stdout: string;
  stderr: string;
  cpuMs: number | null;
  wallMs: number;
  /** The largest resident size of its processes, when the provider can measure it. */
  memoryBytes: number | null;
  /** With `collectFiles`: the files it wrote. */
  files?: SandboxFile[];
  /** For `internal_error`: what went wrong on our side. */
  message?: string;
}

export interface ProviderCheck {
  ok: boolean;
  /** Each missing piece, said so an operator knows what to install ("bwrap is not installed (Debian: bubblewrap)"). */
  problems: string[];
}

export interface SandboxProvider {
  readonly name: string;
  /** Whether this provider can run here (tools present, namespaces allowed); cached after the first call. */
  check(): ProviderCheck;
  run(request: SandboxRequest): Promise<RunResult>;
}

/** The `/box` path of a file, refusing absolute paths and `..` (a request's paths come from teachers' settings). */
export function checkBoxPath(path: string): string {
  const parts = path.split('/');
  if (path === '' || path.startsWith('/') || parts.some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`not a relative path inside the work folder: ${JSON.stringify(path)}`);
  }
  return path;
}
