import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { AUDIENCE_TENANT_IDS, EXAM_AUDIENCE_MODES, ZAudienceChoice, ZAudienceDetail } from './audiences.ts';
import { ZExamResult } from './exam-taking.ts';
import { ZFilePayload } from './members.ts';
import { ZDifficulty, ZQuestionType } from './question-bank.ts';

/**
 * Online exams, the teacher's side (module 3, `/dataset-examine/...`): authoring (info → paper → config → publish),
 * the candidates of an exam with force submit, cheat marking with the evidence timeline and re-opening, the results
 * export and the paper analysis. Times are ISO strings; scores are points.
 */
export const EXAM_LIMITS = {
  name: 100,
  description: 1000,
  questions: 500,
  blueprintTotal: 500,
  categories: 100,
  nodes: 200,
  cheatNote: 500,
  durationSeconds: 7 * 24 * 3600,
  attempts: 100,
} as const;

export const EXAM_STATUSES = ['draft', 'published', 'closed'] as const;
/** An exam, or a course's homework: the same engine, the window being the time to hand in (docs/homework.md). */
export const EXAM_KINDS = ['exam', 'homework'] as const;
export const ZExamKind = z.enum(EXAM_KINDS);
export type TExamKind = z.infer<typeof ZExamKind>;
export const ZExamStatus = z.enum(EXAM_STATUSES);
export type TExamStatus = z.infer<typeof ZExamStatus>;
export const ZPaperMode = z.enum(['fixed', 'random']);
export type TPaperMode = z.infer<typeof ZPaperMode>;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZIso = z.string();
const ZRatio = z.number().min(0).max(1000);

/** A random paper's blueprint: ratios on any scale (type ratios not all zero to publish; difficulty all zero = any). */
export const ZExamBlueprint = z.object({
  total: z.number().int().min(1).max(EXAM_LIMITS.blueprintTotal),
  type_ratios: z.object({ single: ZRatio, multiple: ZRatio, judge: ZRatio }),
  difficulty_ratios: z.object({ easy: ZRatio, medium: ZRatio, hard: ZRatio }),
  category_ids: z.array(ZId).max(EXAM_LIMITS.categories).default([]),
  node_ids: z.array(ZId).max(EXAM_LIMITS.nodes).default([]),
});
export type TExamBlueprint = z.input<typeof ZExamBlueprint>;

export const ZExamInput = ZAudienceChoice.extend({
  name: z.string().trim().min(1, 'validation.required').max(EXAM_LIMITS.name, 'validation.too_long'),
  kind: ZExamKind.default('exam'),
  /**
   * Homework: when it is due (between the window's start and end, homework_due_wrong). Work handed in after it,
   * until the window's end, is late and loses `late_penalty` percent of its score. Null for exams.
   */
  due_at: ZIso.nullable().default(null),
  late_penalty: z.number().int().min(0).max(100).default(0),
  description: z.string().trim().max(EXAM_LIMITS.description, 'validation.too_long').default(''),
  category_id: ZId.nullable().default(null),
  paper_mode: ZPaperMode.default('fixed'),
  question_ids: z.array(ZId).max(EXAM_LIMITS.questions).default([]),
  blueprint: ZExamBlueprint.nullable().default(null),
  total_score: z.number().positive().max(10000).default(100),
  pass_score: z.number().min(0).max(10000),
  duration_seconds: z.number().int().min(1).max(EXAM_LIMITS.durationSeconds),
  attempts_allowed: z.number().int().min(1).max(EXAM_LIMITS.attempts).default(1),
  window_start: ZIso,
  window_end: ZIso,
  sort: z.number().int().min(0).max(1_000_000).default(0),
  price_cents: z.number().int().min(0).max(100_000_000).default(0),
  shuffle_questions: z.boolean().default(false),
  shuffle_options: z.boolean().default(false),
  partial_credit: z.boolean().default(false),
  /** Markers of essays and hand-marked short answers never see candidates' names. */
  blind_marking: z.boolean().default(false),
  /** The share (percent) of hand-marked answers a second marker marks too, the difference shown to the markers. */
  second_marking_share: z.number().int().min(0).max(100).default(0),
  show_analysis: z.boolean().default(true),
  /** Candidates publish their camera while answering; invigilators watch them live (docs/invigilation.md). */
  live_invigilation: z.boolean().default(false),
  /** With live invigilation, candidates share their screen too (stored off when live invigilation is off). */
  invigilation_screen: z.boolean().default(false),
  cert_template_id: ZId.nullable().default(null),
  /** Who may see and take it: every student of the organisation, or the chosen classes, groups and members. */
  audience: z.enum(EXAM_AUDIENCE_MODES).default('students'),
});
export type TExamInput = z.input<typeof ZExamInput>;

export const ZExamRow = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: ZExamKind,
  due_at: ZIso.nullable(),
  late_penalty: z.number().int(),
  status: ZExamStatus,
  paper_mode: ZPaperMode,
  /** Questions on each paper. */
  question_count: z.number().int(),
  total_score: z.number(),
  pass_score: z.number(),
  duration_seconds: z.number().int(),
  window_start: ZIso,
  window_end: ZIso,
  sort: z.number().int(),
  candidate_count: z.number().int(),
  attempt_count: z.number().int(),
  created_by_name: z.string().nullable(),
  created_at: ZIso,
  published_at: ZIso.nullable(),
});
export type TExamRow = z.infer<typeof ZExamRow>;

export const ZExamPaperRef = z.object({
  id: z.number().int(),
  type: ZQuestionType,
  difficulty: ZDifficulty,
  stem_text: z.string(),
  review_status: z.string(),
});

export const ZExamDetail = ZExamRow.extend({
  description: z.string(),
  category_id: z.number().int().nullable(),
  question_ids: z.array(z.number().int()),
  /** The fixed paper's questions that still exist, in paper order. */
  questions: z.array(ZExamPaperRef),
  blueprint: z
    .object({
      total: z.number().int(),
      type_ratios: z.object({ single: z.number(), multiple: z.number(), judge: z.number() }),
      difficulty_ratios: z.object({ easy: z.number(), medium: z.number(), hard: z.number() }),
      category_ids: z.array(z.number().int()),
      node_ids: z.array(z.number().int()),
    })
    .nullable(),
  attempts_allowed: z.number().int(),
  price_cents: z.number().int(),
  shuffle_questions: z.boolean(),
  shuffle_options: z.boolean(),
  partial_credit: z.boolean(),
  blind_marking: z.boolean(),
  second_marking_share: z.number().int(),
  show_analysis: z.boolean(),
  live_invigilation: z.boolean(),
  invigilation_screen: z.boolean(),
  cert_template_id: z.number().int().nullable(),
  audience: ZAudienceDetail,
  updated_at: ZIso,
});
export type TExamDetail = z.infer<typeof ZExamDetail>;

export const ZBlueprintCell = z.object({
  type: ZQuestionType,
  /** null = any difficulty (all difficulty ratios zero). */
  difficulty: ZDifficulty.nullable(),
  needed: z.number().int(),
  available: z.number().int(),
});
export type TBlueprintCell = z.infer<typeof ZBlueprintCell>;

export const ZBlueprintCheck = z.object({ cells: z.array(ZBlueprintCell), feasible: z.boolean() });
export type TBlueprintCheck = z.infer<typeof ZBlueprintCheck>;

export const ZExamCandidate = z.object({
  attempt_id: z.number().int().nullable(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  seq: z.number().int().nullable(),
  /** not_started = joined without an attempt. */
  state: z.enum(['not_started', 'in_progress', 'submitted', 'being_graded', 'graded']),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  started_at: ZIso.nullable(),
  deadline: ZIso.nullable(),
  submitted_at: ZIso.nullable(),
  submitted_by: z.enum(['candidate', 'server', 'teacher']).nullable(),
  cheat: z.boolean(),
  cheat_note: z.string(),
  /** Flagged evidence events: blur, hidden, reconnect, ip_change, camera_stopped, screen_stopped. */
  flag_count: z.number().int(),
});
export type TExamCandidate = z.infer<typeof ZExamCandidate>;

/**
 * What an attempt's evidence timeline holds: the server's and the page's sightings, and with live invigilation the
 * candidate's camera (and screen, when the exam shares it) going on or stopping and the invigilators' warnings.
 */
export const EXAM_EVENT_KINDS = [
  'start',
  'resume',
  'blur',
  'hidden',
  'reconnect',
  'ip_change',
  'submit',
  'reopen',
  'cheat',
  'regrade',
  'camera_on',
  'camera_stopped',
  'screen_on',
  'screen_stopped',
  'warning',
] as const;

export const ZExamEvent = z.object({
  id: z.number().int(),
  kind: z.enum(EXAM_EVENT_KINDS),
  detail: z.record(z.string(), z.unknown()),
  at: ZIso,
});
export type TExamEvent = z.infer<typeof ZExamEvent>;

/** An attempt as its teachers read it: the candidate's result with the key shown, and who the candidate is. */
export const ZExamAttemptDetail = ZExamResult.extend({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  cheat: z.boolean(),
  cheat_note: z.string(),
});
export type TExamAttemptDetail = z.infer<typeof ZExamAttemptDetail>;

export const ZAttemptState = z.object({
  attempt_id: z.number().int(),
  status: z.enum(['in_progress', 'submitted', 'being_graded', 'graded']),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
  cheat: z.boolean(),
  deadline: ZIso,
  submitted_by: z.enum(['candidate', 'server', 'teacher']).nullable(),
});
export type TAttemptState = z.infer<typeof ZAttemptState>;

export const ZPaperAnalysis = z.object({
  exam_id: z.number().int(),
  total_score: z.number(),
  /** Graded attempts analysed (cheating ones left out). */
  attempt_count: z.number().int(),
  average: z.number().nullable(),
  pass_rate: z.number().nullable(),
  /** Ten buckets of 10% of the total score; the last one includes the full score. */
  distribution: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  questions: z.array(
    z.object({
      question_id: z.number().int(),
      type: ZQuestionType,
      stem_text: z.string(),
      /** Attempts whose paper had the question. */
      answered_by: z.number().int(),
      /** Share correct (0–1), null when nobody had it. */
      facility: z.number().nullable(),
      /** Facility of the upper 27% minus the lower 27% by total score, null with fewer than 2 attempts. */
      discrimination: z.number().nullable(),
    }),
  ),
});
export type TPaperAnalysis = z.infer<typeof ZPaperAnalysis>;

const BLUEPRINT_IDS = { category_ids: 'question_category', node_ids: 'knowledge_node' } as const;
const EXAM_INPUT_IDS = {
  category_id: 'question_category',
  question_ids: 'question',
  cert_template_id: 'cert_template',
  ...AUDIENCE_TENANT_IDS,
} as const;

export const examProcedures = {
  examineList: procedure({
    path: '/dataset-examine/list',
    summary:
      "The organisation's exams (or homework) of one status (tab), by sort then newest; the keyword searches names.",
    input: ZListInput.extend({ tab: ZExamStatus.default('draft'), kind: ZExamKind.default('exam') }),
    output: listOutput(ZExamRow),
  }),
  examineDetail: procedure({
    path: '/dataset-examine/detail',
    summary: 'One exam of the organisation with its paper and configuration.',
    input: z.object({ id: ZId }),
    output: ZExamDetail,
    tenantIds: { id: 'exam' },
  }),
  examineCreate: procedure({
    path: '/dataset-examine/create',
    summary:
      'A new draft exam. The publishing checks run at publish; the window end must follow its start. The audience ' +
      'is every student unless chosen classes, team groups and members are given.',
    input: ZExamInput,
    output: ZExamDetail,
    tenantIds: EXAM_INPUT_IDS,
  }),
  examineUpdate: procedure({
    path: '/dataset-examine/update',
    summary:
      'Replaces the fields of an exam. Once somebody has an attempt, the paper and scoring stay (exam_has_attempts); ' +
      'a published exam must keep passing the publishing checks.',
    input: ZExamInput.extend({ id: ZId }),
    output: ZExamDetail,
    tenantIds: { id: 'exam', ...EXAM_INPUT_IDS },
  }),
  examineDelete: procedure({
    path: '/dataset-examine/delete',
    summary: 'Deletes a draft, or a closed exam nobody attempted (else exam_not_deletable).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'exam' },
  }),
  examinePublish: procedure({
    path: '/dataset-examine/publish',
    summary:
      'Publishes a draft or closed exam after the checks: pass score ≤ total, duration, window, attempts; a fixed ' +
      "paper's questions all passed; every blueprint cell has enough passed questions (the error names the short cells); " +
      'a chosen audience names somebody (audience_empty).',
    input: z.object({ id: ZId }),
    output: ZExamDetail,
    tenantIds: { id: 'exam' },
  }),
  examineClose: procedure({
    path: '/dataset-examine/close',
    summary: 'Closes a published exam: nobody can start it any more; attempts and results stay.',
    input: z.object({ id: ZId }),
    output: ZExamDetail,
    tenantIds: { id: 'exam' },
  }),
  examineCheckBlueprint: procedure({
    path: '/dataset-examine/check-blueprint',
    summary: 'Each cell (type × difficulty) of a blueprint with the passed questions needed and available.',
    input: ZExamBlueprint,
    output: ZBlueprintCheck,
    tenantIds: BLUEPRINT_IDS,
  }),
  examineCertTemplates: procedure({
    path: '/dataset-examine/cert-templates',
    summary: "The organisation's certificate templates, for the exam's certificate choice.",
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ id: z.number().int(), name: z.string() })) }),
  }),
  examineCandidates: procedure({
    path: '/dataset-examine/candidates',
    summary:
      'The candidates of an exam: every attempt (newest first) and joined users without one; the keyword searches ' +
      'usernames and nicknames.',
    input: ZListInput.extend({ exam_id: ZId }),
    output: listOutput(ZExamCandidate),
    tenantIds: { exam_id: 'exam' },
  }),
  examineForceSubmit: procedure({
    path: '/dataset-examine/force-submit',
    summary: 'Submits an attempt in progress with what was saved, graded at once (submitted by the teacher).',
    input: z.object({ attempt_id: ZId }),
    output: ZAttemptState,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineMarkCheat: procedure({
    path: '/dataset-examine/mark-cheat',
    summary:
      'Marks an attempt as cheating with a note: submitted first if in progress, then failed, and a certificate ' +
      'issued for the exam is revoked unless another clean attempt passed.',
    input: z.object({
      attempt_id: ZId,
      note: z.string().trim().min(1, 'validation.required').max(EXAM_LIMITS.cheatNote, 'validation.too_long'),
    }),
    output: ZAttemptState,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineAttemptEvents: procedure({
    path: '/dataset-examine/attempt-events',
    summary: 'The evidence timeline of an attempt, oldest first: start, resume, blur, hidden, reconnect, ip_change...',
    input: z.object({ attempt_id: ZId }),
    output: z.object({ list: z.array(ZExamEvent) }),
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineAttemptDetail: procedure({
    path: '/dataset-examine/attempt-detail',
    summary:
      "One candidate's submitted attempt for the exam's teachers (`/trainingcamp/stuExamDetail`): the candidate, " +
      "score and pass, and every question with the answer, the key, the points and the marker's comment.",
    input: z.object({ attempt_id: ZId }),
    output: ZExamAttemptDetail,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineReopen: procedure({
    path: '/dataset-examine/reopen',
    summary:
      'Re-opens a submitted attempt: in progress again until min(now + the time it had left at submission, or the ' +
      'full duration when none, window end); the score and any cheat mark are cleared.',
    input: z.object({ attempt_id: ZId }),
    output: ZAttemptState,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineExport: procedure({
    path: '/dataset-examine/export',
    summary: 'The results of an exam (one row per attempt) as an xlsx file (base64).',
    input: z.object({ exam_id: ZId }),
    output: ZFilePayload,
    tenantIds: { exam_id: 'exam' },
  }),
  examinePaperAnalysis: procedure({
    path: '/dataset-examine/paper-analysis',
    summary:
      'Score distribution in buckets of 10% of the total, and per question the facility (share correct) and the ' +
      'discrimination (upper 27% minus lower 27% facility by total score), over graded attempts without cheating.',
    input: z.object({ exam_id: ZId }),
    output: ZPaperAnalysis,
    tenantIds: { exam_id: 'exam' },
  }),
} as const;
