import { languageCommands } from './languages.ts';
import type { SandboxLimits, SandboxProvider } from './sandbox-provider.ts';

/** A teacher's checker is trusted no more than a learner's program: it runs in the sandbox with these limits. */
const CHECKER_LIMITS: SandboxLimits = {
  cpuMs: 5000,
  wallMs: 10_000,
  memoryBytes: 512 * 1024 * 1024,
  processes: 8,
  outputBytes: 64 * 1024,
};

export type CheckerVerdict =
  | { kind: 'scored'; score: number; message: string }
  /** The checker itself failed (crashed, went over its limits, exited with another code): the teacher's fault. */
  | { kind: 'checker_error'; message: string };

/**
 * Runs a checker script (Python 3) on one test case: `python3 checker.py input.txt expected.txt actual.txt` in its
 * own sandbox, with the case's input, expected output and the program's output as files. Exit 0 passes (score 1), or
 * scores what it prints first when that is a number from 0 to 1 (partial credit); exit 1 fails (score 0); anything else
 * (another code, a signal, a limit, a Python traceback) is a checker error. What it prints after the score, or on
 * exit 1, is its message to the learner.
 */
export async function runChecker(
  provider: SandboxProvider,
  checker: string,
  files: { input: string; expected: string; actual: string },
): Promise<CheckerVerdict> {
  const python = languageCommands('python3');
  if (!python) return { kind: 'checker_error', message: 'checkers are Python programs, and python3 is not installed' };
  const result = await provider.run({
    argv: [python.run(CHECKER_LIMITS).argv[0]!, '-B', 'checker.py', 'input.txt', 'expected.txt', 'actual.txt'],
    files: [
      { path: 'checker.py', content: checker },
      { path: 'input.txt', content: files.input },
      { path: 'expected.txt', content: files.expected },
      { path: 'actual.txt', content: files.actual },
    ],
    limits: CHECKER_LIMITS,
  });
  const said = result.stdout.trim();
  const crashed = result.stderr.startsWith('Traceback (most recent call last)');
  if (result.exitCode === 1 && !crashed) return { kind: 'scored', score: 0, message: said };
  if (result.status !== 'ok' || crashed) {
    const detail = result.message ?? (result.stderr.trim() || `exit ${result.exitCode ?? result.signal}`);
    return { kind: 'checker_error', message: `the checker failed (${result.status}): ${detail.slice(0, 2000)}` };
  }
  const first = said.split(/\s+/)[0] ?? '';
  const score = first === '' ? Number.NaN : Number(first);
  if (Number.isFinite(score) && score >= 0 && score <= 1) {
    return { kind: 'scored', score, message: said.slice(first.length).trim() };
  }
  return { kind: 'scored', score: 1, message: said };
}
