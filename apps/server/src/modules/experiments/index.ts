// Front door of the experiments module (others import it only from here). Code labs graded automatically: the
// sandbox that runs learners' programs (a provider interface and its bubblewrap implementation), the languages found
// on this machine, the grader, and the stored experiments with their queued runs and submissions.

export { experimentImplementations } from './experiments.procedures.ts';
export { BubblewrapProvider } from './sandbox/bubblewrap-provider.ts';
export type { Comparison } from './sandbox/compare-output.ts';
export { outputMatches } from './sandbox/compare-output.ts';
export type { CaseResult, CaseStatus, GradeLimits, GradeRequest, GradeResult, TestCase } from './sandbox/grader.ts';
export { gradeSubmission } from './sandbox/grader.ts';
export type { LanguageId, LanguageInfo } from './sandbox/languages.ts';
export { availableLanguages } from './sandbox/languages.ts';
export type {
  ProviderCheck,
  RunResult,
  RunStatus,
  SandboxFile,
  SandboxLimits,
  SandboxMount,
  SandboxProvider,
  SandboxRequest,
} from './sandbox/sandbox-provider.ts';
export { EXPERIMENT_QUEUE_JOBS } from './submission-job.ts';
