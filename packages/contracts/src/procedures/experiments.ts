import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Experiments (`/dataset-experiment/...`, issue 25, docs/experiments.md): code labs graded by the sandbox. Teachers
 * and content managers write them (instructions, language, starter code, limits, test cases); learners of the
 * organisation run their code with their own input and submit it for grading, through the queue.
 */
export const EXPERIMENT_LIMITS = {
  title: 100,
  instructions: 100_000,
  /** Characters of starter code and of a learner's code. */
  code: 64_000,
  stdin: 16_000,
  expected: 16_000,
  cases: 30,
  cpuMs: { min: 100, max: 10_000 },
  wallMs: { min: 200, max: 30_000 },
  memoryMb: { min: 16, max: 1024 },
  outputKb: { min: 1, max: 4096 },
  weight: { min: 0, max: 100 },
} as const;

export const EXPERIMENT_KINDS = ['code', 'terminal', 'flowchart', 'cloud'] as const;
export const EXPERIMENT_LANGUAGES = ['python3', 'javascript', 'c', 'cpp', 'java'] as const;
export const ZExperimentLanguage = z.enum(EXPERIMENT_LANGUAGES);
export const ZExperimentStatus = z.enum(['draft', 'published']);
export const ZExperimentComparison = z.enum(['exact', 'trim', 'tokens']);

const ZId = z.number().int().positive();
const L = EXPERIMENT_LIMITS;
const bounded = (range: { min: number; max: number }) => z.number().int().min(range.min).max(range.max);

export const ZExperimentLimits = z.object({
  cpu_ms: bounded(L.cpuMs).default(2000),
  wall_ms: bounded(L.wallMs).default(5000),
  memory_mb: bounded(L.memoryMb).default(256),
  output_kb: bounded(L.outputKb).default(1024),
});

export const ZExperimentCase = z.object({
  stdin: z.string().max(L.stdin, 'validation.too_long').default(''),
  expected: z.string().max(L.expected, 'validation.too_long'),
  comparison: ZExperimentComparison.default('trim'),
  weight: z.number().min(L.weight.min).max(L.weight.max).default(1),
  hidden: z.boolean().default(false),
});

export const ZExperimentInput = z.object({
  title: z.string().trim().min(1, 'validation.required').max(L.title, 'validation.too_long'),
  /** Only `code` is usable so far (others answer experiment_kind_unsupported). */
  kind: z.enum(EXPERIMENT_KINDS).default('code'),
  instructions: z.string().max(L.instructions, 'validation.too_long').default(''),
  language: ZExperimentLanguage,
  starter_code: z.string().max(L.code, 'validation.too_long').default(''),
  limits: ZExperimentLimits.default({ cpu_ms: 2000, wall_ms: 5000, memory_mb: 256, output_kb: 1024 }),
  cases: z.array(ZExperimentCase).max(L.cases).default([]),
  status: ZExperimentStatus.default('draft'),
});
export type TExperimentInput = z.input<typeof ZExperimentInput>;

const ZLimitsOut = z.object({
  cpu_ms: z.number().int(),
  wall_ms: z.number().int(),
  memory_mb: z.number().int(),
  output_kb: z.number().int(),
});

export const ZExperimentRow = z.object({
  id: z.number().int(),
  title: z.string(),
  kind: z.enum(EXPERIMENT_KINDS),
  language: z.string(),
  status: ZExperimentStatus,
  case_count: z.number().int(),
  submission_count: z.number().int(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});

const ZCaseOut = z.object({
  stdin: z.string(),
  expected: z.string(),
  comparison: ZExperimentComparison,
  weight: z.number(),
  hidden: z.boolean(),
});

export const ZExperimentDetail = ZExperimentRow.extend({
  instructions: z.string(),
  starter_code: z.string(),
  limits: ZLimitsOut,
  cases: z.array(ZCaseOut),
});
export type TExperimentDetail = z.infer<typeof ZExperimentDetail>;

/** What a learner sees: a hidden case's input and expected output are null. */
export const ZStudentExperiment = ZExperimentDetail.omit({ cases: true, submission_count: true }).extend({
  cases: z.array(
    z.object({
      index: z.number().int(),
      hidden: z.boolean(),
      weight: z.number(),
      stdin: z.string().nullable(),
      expected: z.string().nullable(),
    }),
  ),
});

export const ZSubmissionStatus = z.enum(['queued', 'running', 'done', 'failed']);

/** A case's outcome; for a learner a hidden case has only index, hidden, passed, weight and score. */
export const ZCaseResult = z.object({
  index: z.number().int(),
  hidden: z.boolean(),
  passed: z.boolean(),
  weight: z.number(),
  score: z.number(),
  status: z.string().optional(),
  cpu_ms: z.number().nullable().optional(),
  wall_ms: z.number().optional(),
  memory_bytes: z.number().nullable().optional(),
  stdout_head: z.string().optional(),
  stderr_head: z.string().optional(),
  checker_message: z.string().optional(),
});

/**
 * A submission's result. A run: `status` of the program (`ok`, `runtime_error`, `time_limit`, …, or
 * `compile_error`), its output and measures. A submit: the grader's `status` (`graded`, `compile_error`, …), score
 * and cases. A failed job: `status: 'failed'` and `message`.
 */
export const ZSubmissionResult = z.object({
  status: z.string(),
  message: z.string().optional(),
  compile_output: z.string().optional(),
  exit_code: z.number().int().nullable().optional(),
  stdout: z.string().optional(),
  stderr: z.string().optional(),
  cpu_ms: z.number().nullable().optional(),
  wall_ms: z.number().optional(),
  memory_bytes: z.number().nullable().optional(),
  score: z.number().optional(),
  max_score: z.number().optional(),
  cases: z.array(ZCaseResult).optional(),
});
export type TSubmissionResult = z.infer<typeof ZSubmissionResult>;

export const ZSubmissionRow = z.object({
  id: z.number().int(),
  experiment_id: z.number().int(),
  user_id: z.number().int(),
  kind: z.enum(['run', 'submit']),
  language: z.string(),
  status: ZSubmissionStatus,
  /** While queued: 1 + the organisation's queued submissions created before it; else null. */
  place: z.number().int().nullable(),
  score: z.number().nullable(),
  max_score: z.number().nullable(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});

export const ZSubmission = ZSubmissionRow.extend({
  code: z.string(),
  stdin: z.string().nullable(),
  result: ZSubmissionResult.nullable(),
});
export type TSubmission = z.infer<typeof ZSubmission>;

const ZQueued = z.object({ id: z.number().int(), status: ZSubmissionStatus, place: z.number().int() });
const ZCode = z.string().min(1, 'validation.required').max(L.code, 'validation.too_long');
const EXPERIMENT_ID = { id: 'experiment' } as const;
const BODY_LIMIT = 2 * 1024 * 1024;

export const experimentProcedures = {
  experimentList: procedure({
    path: '/dataset-experiment/list',
    summary: "The organisation's experiments, newest first; the keyword searches titles, status filters.",
    input: ZListInput.extend({ status: ZExperimentStatus.optional() }),
    output: listOutput(ZExperimentRow),
  }),
  experimentDetail: procedure({
    path: '/dataset-experiment/detail',
    summary: 'One experiment of the organisation with every test case (hidden ones included).',
    input: z.object({ id: ZId }),
    output: ZExperimentDetail,
    tenantIds: EXPERIMENT_ID,
  }),
  experimentCreate: procedure({
    path: '/dataset-experiment/create',
    summary:
      'A new experiment. Only the kind `code` can be made so far (experiment_kind_unsupported); the instructions are ' +
      'sanitised rich text; limits are per test case.',
    input: ZExperimentInput,
    output: ZExperimentDetail,
    bodyLimit: BODY_LIMIT,
  }),
  experimentUpdate: procedure({
    path: '/dataset-experiment/update',
    summary: "Replaces an experiment's fields and test cases (earlier submissions keep their results).",
    input: ZExperimentInput.extend({ id: ZId }),
    output: ZExperimentDetail,
    tenantIds: EXPERIMENT_ID,
    bodyLimit: BODY_LIMIT,
  }),
  experimentDelete: procedure({
    path: '/dataset-experiment/delete',
    summary: 'Deletes an experiment; one with submissions answers experiment_has_submissions unless `force`.',
    input: z.object({ id: ZId, force: z.boolean().default(false) }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: EXPERIMENT_ID,
  }),
  experimentLanguages: procedure({
    path: '/dataset-experiment/languages',
    summary: 'The languages the grader knows, each present on this server with its version, or why it is missing.',
    input: z.object({}),
    output: z.array(
      z.object({
        id: ZExperimentLanguage,
        name: z.string(),
        version: z.string().nullable(),
        present: z.boolean(),
        reason: z.string().nullable(),
      }),
    ),
  }),
  experimentStudentDetail: procedure({
    path: '/dataset-experiment/student-detail',
    summary: 'A published experiment for a learner: instructions, starter code, limits, visible cases in full.',
    input: z.object({ id: ZId }),
    output: ZStudentExperiment,
    tenantIds: EXPERIMENT_ID,
  }),
  experimentCodeRun: procedure({
    path: '/dataset-experiment/code-run',
    summary:
      'Queues a run of the caller’s code on their own input (not graded); answers the submission and its place in ' +
      'the queue. sandbox_unavailable when the sandbox cannot run on this server.',
    input: z.object({ id: ZId, code: ZCode, stdin: z.string().max(L.stdin, 'validation.too_long').default('') }),
    output: ZQueued,
    tenantIds: EXPERIMENT_ID,
  }),
  experimentSubmit: procedure({
    path: '/dataset-experiment/submit',
    summary: 'Queues the caller’s code for grading against every test case; answers the submission and its place.',
    input: z.object({ id: ZId, code: ZCode }),
    output: ZQueued,
    tenantIds: EXPERIMENT_ID,
  }),
  experimentSubmission: procedure({
    path: '/dataset-experiment/submission',
    summary:
      'One submission: the caller’s own (hidden cases reduced to passed/failed), or, for holders of ' +
      '/dataset-experiment/detail, any of the organisation in full.',
    input: z.object({ submission_id: ZId }),
    output: ZSubmission,
    tenantIds: { submission_id: 'experiment_submission' },
  }),
  experimentSubmissions: procedure({
    path: '/dataset-experiment/submissions',
    summary: "The caller's runs and submits of an experiment, newest first.",
    input: ZListInput.extend({ id: ZId }),
    output: listOutput(ZSubmissionRow),
    tenantIds: EXPERIMENT_ID,
  }),
} as const;
