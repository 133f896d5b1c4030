import os from 'node:os';
import type { TSubmissionResult } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { defineQueueJob } from '../../platform/queue.ts';
import { type GradeLimits, type GradeResult, gradeSubmission } from './sandbox/grader.ts';
import type { LanguageId } from './sandbox/languages.ts';
import { type ProgramOutcome, runProgram } from './sandbox/run-program.ts';
import { sandboxOf } from './sandbox-of.ts';

const { experiments, experimentSubmissions: submissions } = schema;

export interface SubmissionJobData {
  siteId: number;
  submissionId: number;
}

/** A job may run this long (30 cases × 30 s wall at most, plus compiling) before pg-boss retries it. */
const EXPIRE_SECONDS = 20 * 60;
/** Runs per server at once: one sandbox per core, one core left to the server (docs/experiments.md). */
export const SUBMISSION_CONCURRENCY = Math.max(1, os.availableParallelism() - 1);

/**
 * Works one submission: claims it (queued → running, or running left by a server that died more than the expiry
 * ago), runs or grades it, writes the result, tells the learner's pages. Idempotent: a retried or duplicated job finds
 * the submission claimed or finished and does nothing, so nothing is graded twice. A crash marks it failed.
 */
export async function workSubmission(deps: AppDeps, data: SubmissionJobData): Promise<void> {
  const own = and(eq(submissions.id, data.submissionId), eq(submissions.siteId, data.siteId));
  const stale = new Date(Date.now() - EXPIRE_SECONDS * 1000);
  const claimable = or(
    eq(submissions.status, 'queued'),
    and(eq(submissions.status, 'running'), lt(submissions.startedAt, stale)),
  );
  const [submission] = await deps.db
    .update(submissions)
    .set({ status: 'running', startedAt: sql`now()` })
    .where(and(own, claimable))
    .returning();
  if (!submission) return;
  let outcome: { status: 'done' | 'failed'; result: TSubmissionResult; score: number | null; maxScore: number | null };
  try {
    const [experiment] = await deps.db
      .select()
      .from(experiments)
      .where(and(eq(experiments.id, submission.experimentId), eq(experiments.siteId, data.siteId)));
    if (!experiment) throw new Error('the experiment is gone');
    const limits: GradeLimits = {
      cpuMs: experiment.limits.cpuMs,
      wallMs: experiment.limits.wallMs,
      memoryBytes: experiment.limits.memoryMb * 1024 * 1024,
      outputBytes: experiment.limits.outputKb * 1024,
    };
    const language = submission.language as LanguageId;
    const provider = sandboxOf(deps);
    if (submission.kind === 'run') {
      const ran = await runProgram(provider, {
        language,
        source: submission.code,
        stdin: submission.stdin ?? '',
        limits,
      });
      outcome = { ...runOutcome(ran), score: null, maxScore: null };
    } else {
      const cases = experiment.cases;
      const graded = await gradeSubmission(provider, { language, source: submission.code, cases, limits });
      outcome = { ...gradeOutcome(graded), score: graded.score, maxScore: graded.maxScore };
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    deps.log.warn({ err: error, submission: submission.id }, 'experiment submission failed');
    outcome = { status: 'failed', result: { status: 'failed', message }, score: null, maxScore: null };
  }
  const [finished] = await deps.db
    .update(submissions)
    .set({ ...outcome, finishedAt: sql`now()` })
    .where(and(own, eq(submissions.status, 'running')))
    .returning();
  if (!finished) return;
  const message = {
    data: {
      action: 'experiment',
      submission_id: finished.id,
      experiment_id: finished.experimentId,
      kind: finished.kind,
      status: finished.status,
      score: finished.score,
      max_score: finished.maxScore,
    },
  };
  await deps.hub.publishToUser(finished.userId, message).catch(() => undefined);
}

function runOutcome(ran: ProgramOutcome): { status: 'done' | 'failed'; result: TSubmissionResult } {
  if (ran.status === 'compile_error') {
    return { status: 'done', result: { status: 'compile_error', compile_output: ran.compileOutput } };
  }
  if (ran.status !== 'ran') return { status: 'failed', result: { status: 'failed', message: ran.message } };
  const { run } = ran;
  if (run.status === 'internal_error') {
    return { status: 'failed', result: { status: 'failed', message: run.message ?? 'the sandbox failed' } };
  }
  return {
    status: 'done',
    result: {
      status: run.status,
      exit_code: run.exitCode,
      stdout: run.stdout,
      stderr: run.stderr,
      cpu_ms: run.cpuMs,
      wall_ms: run.wallMs,
      memory_bytes: run.memoryBytes,
    },
  };
}

function gradeOutcome(graded: GradeResult): { status: 'done' | 'failed'; result: TSubmissionResult } {
  const failed = graded.status === 'internal_error' || graded.status === 'unavailable';
  const result: TSubmissionResult = {
    status: failed ? 'failed' : graded.status,
    score: graded.score,
    max_score: graded.maxScore,
    ...(graded.compileOutput === undefined ? {} : { compile_output: graded.compileOutput }),
    ...(graded.message === undefined ? {} : { message: graded.message }),
    cases: graded.cases.map((c) => ({
      index: c.index,
      hidden: c.hidden,
      passed: c.passed,
      weight: c.weight,
      score: c.score,
      status: c.status,
      cpu_ms: c.cpuMs,
      wall_ms: c.wallMs,
      memory_bytes: c.memoryBytes,
      ...(c.stdoutHead === undefined ? {} : { stdout_head: c.stdoutHead }),
      ...(c.stderrHead === undefined ? {} : { stderr_head: c.stderrHead }),
      ...(c.checkerMessage === undefined ? {} : { checker_message: c.checkerMessage }),
    })),
  };
  return { status: failed ? 'failed' : 'done', result };
}

/** The pg-boss job working submissions, `SUBMISSION_CONCURRENCY` at a time on each server. */
export const submissionJob = defineQueueJob<SubmissionJobData>({
  name: 'experiment-submission',
  expireInSeconds: EXPIRE_SECONDS,
  concurrency: SUBMISSION_CONCURRENCY,
  run: (data, { deps }) => workSubmission(deps, data),
});

export const EXPERIMENT_QUEUE_JOBS = [submissionJob] as const;
