import { type Comparison, outputMatches } from './compare-output.ts';
import { type LanguageCommands, type LanguageId, languageCommands } from './languages.ts';
import { runChecker } from './run-checker.ts';
import type { RunResult, RunStatus, SandboxFile, SandboxLimits, SandboxProvider } from './sandbox-provider.ts';

export interface TestCase {
  stdin: string;
  /** The expected standard output (a checker gets it as expected.txt). */
  expected: string;
  /** The points the case is worth (partial credit: the submission's score is the sum over the cases it passes). */
  weight: number;
  /** A hidden case gives back only how it ended, never its input or the program's output. */
  hidden: boolean;
  comparison?: Comparison;
}

/** An experiment's limits for each test case; the language adds its runtime's own needs (`languages.ts`). */
export interface GradeLimits {
  cpuMs: number;
  wallMs: number;
  memoryBytes: number;
  /** Processes and threads the program may have (default 8). */
  processes?: number;
  /** Bytes of output per stream (default 1 MiB). */
  outputBytes?: number;
}

export interface GradeRequest {
  language: LanguageId;
  source: string;
  cases: TestCase[];
  limits: GradeLimits;
  /** A Python checker instead of comparing outputs (`run-checker.ts`). */
  checker?: string;
}

export type CaseStatus = 'passed' | 'partial' | 'wrong_answer' | Exclude<RunStatus, 'ok'> | 'checker_error';

export interface CaseResult {
  index: number;
  hidden: boolean;
  status: CaseStatus;
  passed: boolean;
  /** Points earned: the weight when passed, a checker's share of it, else 0. */
  score: number;
  weight: number;
  cpuMs: number | null;
  wallMs: number;
  memoryBytes: number | null;
  /** Visible cases only: the start of the program's output and errors, and a checker's message. */
  stdoutHead?: string;
  stderrHead?: string;
  checkerMessage?: string;
}

export interface GradeResult {
  /** `compile_error`: nothing ran (`compileOutput` says why); `unavailable`: the language is not installed here. */
  status: 'graded' | 'compile_error' | 'unavailable' | 'internal_error';
  score: number;
  maxScore: number;
  compileOutput?: string;
  message?: string;
  cases: CaseResult[];
}

/** How much of a visible case's output and errors the result keeps. */
const HEAD_CHARS = 2000;
const DEFAULT_PROCESSES = 8;
const DEFAULT_OUTPUT_BYTES = 1024 * 1024;

/**
 * Grades a submission: compiles it once (for Python and JavaScript a syntax check, so a syntax error is a compile
 * error in every language, said once rather than as a failure of every case), then runs each test case in a fresh
 * sandbox with the experiment's limits, one after another (cases share no files: each starts from the source and the
 * compiler's output). A case passes when the run ended normally and its output matches (or the checker says so).
 */
export async function gradeSubmission(provider: SandboxProvider, request: GradeRequest): Promise<GradeResult> {
  const maxScore = request.cases.reduce((sum, testCase) => sum + testCase.weight, 0);
  const language = languageCommands(request.language);
  if (!language) {
    return { status: 'unavailable', score: 0, maxScore, message: `${request.language} is not installed`, cases: [] };
  }
  const source: SandboxFile = { path: language.sourceFile, content: request.source };
  const compiled = await provider.run({
    ...language.compile,
    files: [source],
    collectFiles: language.keepsCompiled,
  });
  if (compiled.status === 'internal_error') {
    return { status: 'internal_error', score: 0, maxScore, message: compiled.message, cases: [] };
  }
  if (compiled.status !== 'ok') {
    return { status: 'compile_error', score: 0, maxScore, compileOutput: compileMessage(compiled), cases: [] };
  }
  const files = [source, ...(compiled.files ?? [])];
  const cases: CaseResult[] = [];
  for (const [index, testCase] of request.cases.entries()) {
    cases.push(await gradeCase(provider, language, files, request, index, testCase));
  }
  return { status: 'graded', score: cases.reduce((sum, c) => sum + c.score, 0), maxScore, cases };
}

function compileMessage(result: RunResult): string {
  const said = `${result.stderr}${result.stdout}`.trim();
  if (result.status === 'runtime_error') return said;
  return `${said}\n(the compiler stopped: ${result.status})`.trim();
}

export function runLimits(limits: GradeLimits): SandboxLimits {
  return {
    cpuMs: limits.cpuMs,
    wallMs: limits.wallMs,
    memoryBytes: limits.memoryBytes,
    processes: limits.processes ?? DEFAULT_PROCESSES,
    outputBytes: limits.outputBytes ?? DEFAULT_OUTPUT_BYTES,
  };
}

async function gradeCase(
  provider: SandboxProvider,
  language: LanguageCommands,
  files: SandboxFile[],
  request: GradeRequest,
  index: number,
  testCase: TestCase,
): Promise<CaseResult> {
  const run = await provider.run({ ...language.run(runLimits(request.limits)), files, stdin: testCase.stdin });
  const base = {
    index,
    hidden: testCase.hidden,
    weight: testCase.weight,
    cpuMs: run.cpuMs,
    wallMs: run.wallMs,
    memoryBytes: run.memoryBytes,
    ...(testCase.hidden
      ? {}
      : { stdoutHead: run.stdout.slice(0, HEAD_CHARS), stderrHead: run.stderr.slice(0, HEAD_CHARS) }),
  };
  if (run.status !== 'ok') return { ...base, status: run.status, passed: false, score: 0 };
  if (!request.checker) {
    const passed = outputMatches(run.stdout, testCase.expected, testCase.comparison);
    return { ...base, status: passed ? 'passed' : 'wrong_answer', passed, score: passed ? testCase.weight : 0 };
  }
  const verdict = await runChecker(provider, request.checker, {
    input: testCase.stdin,
    expected: testCase.expected,
    actual: run.stdout,
  });
  if (verdict.kind === 'checker_error') {
    const message = testCase.hidden ? {} : { checkerMessage: verdict.message };
    return { ...base, status: 'checker_error', passed: false, score: 0, ...message };
  }
  const status: CaseStatus = verdict.score >= 1 ? 'passed' : verdict.score > 0 ? 'partial' : 'wrong_answer';
  return {
    ...base,
    status,
    passed: verdict.score >= 1,
    score: verdict.score * testCase.weight,
    ...(testCase.hidden || !verdict.message ? {} : { checkerMessage: verdict.message }),
  };
}
