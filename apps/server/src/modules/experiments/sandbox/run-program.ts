import { type GradeLimits, runLimits } from './grader.ts';
import { type LanguageId, languageCommands } from './languages.ts';
import type { RunResult, SandboxProvider } from './sandbox-provider.ts';

export interface ProgramRequest {
  language: LanguageId;
  source: string;
  stdin: string;
  limits: GradeLimits;
}

export type ProgramOutcome =
  | { status: 'unavailable' | 'internal_error'; message: string }
  | { status: 'compile_error'; compileOutput: string }
  | { status: 'ran'; run: RunResult };

/**
 * Runs a learner's program once on their own input (a "Run", not graded): compiled (or syntax-checked) like the
 * grader does, then run with the experiment's limits; the output is the run's, cut at the limits' output size.
 */
export async function runProgram(provider: SandboxProvider, request: ProgramRequest): Promise<ProgramOutcome> {
  const language = languageCommands(request.language);
  if (!language) return { status: 'unavailable', message: `${request.language} is not installed` };
  const source = { path: language.sourceFile, content: request.source };
  const compiled = await provider.run({ ...language.compile, files: [source], collectFiles: language.keepsCompiled });
  if (compiled.status === 'internal_error') return { status: 'internal_error', message: compiled.message ?? '' };
  if (compiled.status !== 'ok') {
    const said = `${compiled.stderr}${compiled.stdout}`.trim();
    const compileOutput =
      compiled.status === 'runtime_error' ? said : `${said}\n(the compiler stopped: ${compiled.status})`;
    return { status: 'compile_error', compileOutput: compileOutput.trim() };
  }
  const run = await provider.run({
    ...language.run(runLimits(request.limits)),
    files: [source, ...(compiled.files ?? [])],
    stdin: request.stdin,
  });
  return { status: 'ran', run };
}
