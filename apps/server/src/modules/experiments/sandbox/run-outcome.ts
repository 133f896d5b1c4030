import { constants } from 'node:os';
import type { RunStatus, SandboxLimits } from './sandbox-provider.ts';

/** What the provider knows when a run is over, before it names the outcome. */
export interface RunFacts {
  /** The limit the provider stopped the run for itself (its timer, the output cap, the process count). */
  stoppedFor: 'wall_limit' | 'output_limit' | 'process_limit' | null;
  exitCode: number | null;
  signal: string | null;
  cpuMs: number | null;
  memoryBytes: number | null;
  /** Standard error and the end of standard output (the JVM says why it could not start there). */
  messages: string;
  limits: SandboxLimits;
}

/**
 * The runtimes' own words for a refused allocation (the memory rlimit makes `malloc`/`mmap` fail; each runtime then
 * ends in its own way): Python `MemoryError`, Java `OutOfMemoryError`, Node "heap out of memory" / "Array buffer
 * allocation failed" / "Fatal process OOM", C++ `std::bad_alloc`, C programs that report `ENOMEM`.
 */
const MEMORY_WORDS =
  /MemoryError|OutOfMemoryError|out of memory|std::bad_alloc|allocation failed|\bOOM\b|Cannot allocate memory/i;

/** A refused fork or thread (the process rlimit makes them fail with EAGAIN). Checked before the memory words: Java
 * says "OutOfMemoryError: unable to create native thread" when it cannot start a thread. */
const PROCESS_WORDS = /Resource temporarily unavailable|\bEAGAIN\b|unable to create (new )?native thread|fork: retry/i;

/** A file over the file-size rlimit, when the runtime ignores SIGXFSZ and gets EFBIG instead (Python does). */
const FILE_WORDS = /File too large|\bEFBIG\b/;

/** A resident size this close to the limit, with a crash, is taken for the limit reached. */
const NEAR_MEMORY_LIMIT = 0.9;

const SIGNAL_NAMES = new Map<number, string>(
  Object.entries(constants.signals).map(([name, number]) => [number, name] as [number, string]),
);

/**
 * Reads bubblewrap's exit code: its process 1 exits with the program's code, or with 128 + the signal's number when a
 * signal ended the program (the shell's convention), so a program's own `exit(137)` reads as SIGKILL too.
 */
export function decodeExit(code: number | null): { exitCode: number | null; signal: string | null } {
  if (code === null) return { exitCode: null, signal: null };
  if (code > 128 && code < 128 + 65)
    return { exitCode: null, signal: SIGNAL_NAMES.get(code - 128) ?? `SIG${code - 128}` };
  return { exitCode: code, signal: null };
}

/**
 * Names how a run ended, the first that holds: a limit the provider stopped it for; CPU time (SIGXCPU from the CPU
 * rlimit, or more CPU measured than allowed, so a limit under a whole second counts even though the rlimit has
 * whole seconds); a file over the file-size rlimit (SIGXFSZ); a clean exit; and for a failed one, a file over that
 * limit (EFBIG), a refused fork, a refused allocation (the runtime's words, or a resident size near the limit), else a
 * runtime error. The words are read in what the program printed: a program that prints them and fails is named by
 * them, which gains it nothing.
 */
export function classifyRun(facts: RunFacts): RunStatus {
  if (facts.stoppedFor) return facts.stoppedFor;
  if (facts.signal === 'SIGXCPU') return 'time_limit';
  if (facts.cpuMs !== null && facts.cpuMs > facts.limits.cpuMs) return 'time_limit';
  if (facts.signal === 'SIGXFSZ') return 'output_limit';
  if (facts.exitCode === 0 && facts.signal === null) return 'ok';
  if (FILE_WORDS.test(facts.messages)) return 'output_limit';
  if (PROCESS_WORDS.test(facts.messages)) return 'process_limit';
  if (MEMORY_WORDS.test(facts.messages)) return 'memory_limit';
  if (facts.memoryBytes !== null && facts.memoryBytes >= facts.limits.memoryBytes * NEAR_MEMORY_LIMIT) {
    return 'memory_limit';
  }
  return 'runtime_error';
}
