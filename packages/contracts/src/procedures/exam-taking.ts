import { z } from 'zod';
import { INT32_MAX, listOutput, ZFormId, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ANSWER_LIMITS, ZAnswerFile, ZAnswerResponse, ZQuestionSpec } from '../question-answers.ts';
import { QUESTION_TYPES } from '../question-rules.ts';

/**
 * Online exams, the candidate's side (module 2): the exam list, joining, starting (the paper is drawn and frozen),
 * the server's clock, answers saved one by one (replayable after a network drop), the evidence events the page
 * reports, submitting, results and records. Times are ISO strings; `remaining_ms` is the server's own count.
 */
export const EXAM_LIST_TABS = ['exam', 'done', 'all'] as const;
/** Candidate-facing result states. */
export const EXAM_MY_STATES = [
  'not_joined',
  'joined',
  'in_progress',
  'passed',
  'failed',
  'being_graded',
  'unfinished',
] as const;
/**
 * What the answering page reports: leaving it, and with live invigilation the camera (and the screen, when the exam
 * shares it) going on or stopping.
 */
export const EXAM_PAGE_EVENTS = [
  'blur',
  'hidden',
  'reconnect',
  'camera_on',
  'camera_stopped',
  'screen_on',
  'screen_stopped',
] as const;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZIso = z.string();

export const ZMyExamItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Questions on the paper. */
  data_count: z.number().int(),
  generate_site_id: z.number().int(),
  site: z.object({ name: z.string() }),
  my_join_status: z.union([z.literal(0), z.literal(1)]),
  train: z.null(),
  window_start: ZIso,
  window_end: ZIso,
  duration_seconds: z.number().int(),
  total_score: z.number(),
  pass_score: z.number(),
  attempts_allowed: z.number().int(),
  attempts_used: z.number().int(),
  /** The open attempt, when one is in progress. */
  open_attempt_id: z.number().int().nullable(),
  my_state: z.enum(EXAM_MY_STATES),
  best_score: z.number().nullable(),
});
export type TMyExamItem = z.infer<typeof ZMyExamItem>;

export const ZPreExam = ZMyExamItem.extend({
  kind: z.enum(['exam', 'homework']),
  /** Homework: when it is due; work handed in later loses `late_penalty` percent (null for exams). */
  due_at: ZIso.nullable(),
  late_penalty: z.number().int(),
  description: z.string(),
  show_analysis: z.boolean(),
  /** The candidate's camera is watched while answering: the pre-exam page says so before the start. */
  live_invigilation: z.boolean(),
  /** The candidate's screen is shared too (only with live invigilation). */
  invigilation_screen: z.boolean(),
  /** Why the candidate cannot start now (null = may start): window not open, ended, no attempts left. */
  blocked: z.enum(['not_open', 'ended', 'no_attempts_left']).nullable(),
  server_now: ZIso,
});
export type TPreExam = z.infer<typeof ZPreExam>;

/**
 * What a candidate needs to answer a question that is not a choice (null for choices): the number of blanks,
 * matching's left items (the right items are `options`), the essay's word limit and whether files may be given,
 * the numerical unit.
 */
export const ZPaperLayout = z.object({
  blank_count: z.number().int(),
  lefts: z.array(z.string()),
  word_limit: z.number().int(),
  file_answers: z.boolean(),
  unit: z.string(),
});
export type TPaperLayout = z.infer<typeof ZPaperLayout>;

/**
 * A question as the candidate sees it: options in the frozen order, `key` = the option's original position.
 * Matching shows its right items and ordering its items as `options` (always shuffled); `layout` the rest.
 */
export const ZExamPaperQuestion = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  points: z.number(),
  options: z.array(z.object({ key: z.number().int(), content: z.string() })),
  layout: ZPaperLayout.nullable(),
});
export type TExamPaperQuestion = z.infer<typeof ZExamPaperQuestion>;

export const ZSavedAnswer = z.object({
  question_id: z.number().int(),
  chosen: z.array(z.number().int()),
  /** The answer to a question that is not a choice. */
  response: ZAnswerResponse.nullable(),
  client_seq: z.number().int(),
});
export type TSavedAnswer = z.infer<typeof ZSavedAnswer>;

export const ZAttemptStatus = z.enum(['in_progress', 'submitted', 'being_graded', 'graded']);

export const ZExamAttempt = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  exam_name: z.string(),
  seq: z.number().int(),
  status: ZAttemptStatus,
  started_at: ZIso,
  deadline: ZIso,
  server_now: ZIso,
  /** max(0, deadline − now) on the server at the moment of the answer. */
  remaining_ms: z.number().int(),
  total_score: z.number(),
  /** The candidate's camera goes to the exam's invigilators while answering (`/live-room/exam-camera-token`). */
  live_invigilation: z.boolean(),
  /** The candidate's screen goes to the invigilators too (a second feed, `"<userId>:screen"`). */
  invigilation_screen: z.boolean(),
  questions: z.array(ZExamPaperQuestion),
  answers: z.array(ZSavedAnswer),
});
export type TExamAttempt = z.infer<typeof ZExamAttempt>;

export const ZExamResultQuestion = ZExamPaperQuestion.extend({
  chosen: z.array(z.number().int()).nullable(),
  response: ZAnswerResponse.nullable(),
  /** Null while a teacher has not marked it (or for a hand-marked answer given some points). */
  correct: z.boolean().nullable(),
  /** Null while waiting for a teacher's mark. */
  earned: z.number().nullable(),
  /** The marker's comment on a hand-marked answer. */
  comment: z.string(),
  /** Shown only when the exam allows it (`show_analysis`); otherwise null. */
  correct_options: z.array(z.number().int()).nullable(),
  /** The key of a question that is not a choice, when the exam shows analyses. */
  spec: ZQuestionSpec.nullable(),
  analysis: z.string().nullable(),
});

export const ZExamResult = z.object({
  attempt_id: z.number().int(),
  exam_id: z.number().int(),
  exam_name: z.string(),
  seq: z.number().int(),
  status: ZAttemptStatus,
  submitted_by: z.enum(['candidate', 'server', 'teacher']).nullable(),
  started_at: ZIso,
  submitted_at: ZIso.nullable(),
  score: z.number().nullable(),
  total_score: z.number(),
  pass_score: z.number(),
  passed: z.boolean().nullable(),
  /** Homework handed in after it was due: the score already lost `late_penalty` percent. */
  late: z.boolean(),
  late_penalty: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** Certificate code issued for this attempt, if any. */
  certificate_code: z.string().nullable(),
  show_analysis: z.boolean(),
  questions: z.array(ZExamResultQuestion),
});
export type TExamResult = z.infer<typeof ZExamResult>;

export const ZExamRecord = z.object({
  attempt_id: z.number().int(),
  exam_id: z.number().int(),
  exam_name: z.string(),
  seq: z.number().int(),
  status: ZAttemptStatus,
  started_at: ZIso,
  submitted_at: ZIso.nullable(),
  score: z.number().nullable(),
  total_score: z.number(),
  passed: z.boolean().nullable(),
});
export type TExamRecord = z.infer<typeof ZExamRecord>;

export const examTakingProcedures = {
  examineMyList: procedure({
    path: '/dataset-examine/my-list',
    summary: "Published exams of the caller's organisation, with the caller's state in each (`/trainingcamp/myexam`).",
    input: ZListInput.extend({ tab: z.enum(EXAM_LIST_TABS).default('exam') }),
    output: listOutput(ZMyExamItem),
  }),
  examinePreExam: procedure({
    path: '/dataset-examine/pre-exam',
    summary: 'What the pre-exam page shows: rules, window, attempts, and whether the caller may start now.',
    input: z.object({ exam_id: ZId }),
    output: ZPreExam,
    tenantIds: { exam_id: 'exam' },
  }),
  examineJoin: procedure({
    path: '/dataset-examine/join',
    summary: 'Join an exam (`my_join_status` becomes 1). Refused for an exam of another organisation.',
    input: z.object({ exam_id: ZId }),
    output: ZOk,
    tenantIds: { exam_id: 'exam' },
  }),
  examineStart: procedure({
    path: '/dataset-examine/start',
    summary:
      'Start an attempt: the paper is drawn and frozen, the deadline set by the server. Starting again while an attempt is open returns the same attempt.',
    input: z.object({ exam_id: ZId }),
    output: z.object({ attempt_id: z.number().int(), resumed: z.boolean() }),
    tenantIds: { exam_id: 'exam' },
  }),
  examineAttempt: procedure({
    path: '/dataset-examine/attempt',
    summary: "The caller's attempt: the frozen paper, saved answers and the server's remaining time.",
    input: z.object({ attempt_id: ZId }),
    output: ZExamAttempt,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineAnswer: procedure({
    path: '/dataset-examine/answer',
    summary:
      'Save one answer. A save with a lower `client_seq` than the stored one is acknowledged but changes nothing (replays after a drop). Refused after the deadline.',
    input: z.object({
      attempt_id: ZId,
      question_id: ZId,
      chosen: z.array(z.number().int().min(0).max(6)).max(7).default([]),
      /** The answer to a question that is not a choice (blanks, text, files, an order). */
      response: ZAnswerResponse.optional(),
      client_seq: z.number().int().min(0).max(INT32_MAX),
    }),
    output: z.object({ saved: z.boolean(), client_seq: z.number().int(), remaining_ms: z.number().int() }),
    tenantIds: { attempt_id: 'exam_attempt', question_id: 'question' },
  }),
  examineAnswerFile: procedure({
    path: '/dataset-examine/answer-file',
    summary:
      'A file for an essay that takes files (jpg, png, gif, webp, pdf, docx; at most 20 MB), uploaded to the ' +
      "caller's open attempt; answers what the answer's `files` then names. Served to the candidate and the exam's " +
      'markers at /api/file/answer-files/<organisation>/<key>.',
    input: z.object({ attempt_id: ZFormId, question_id: ZFormId }),
    output: ZAnswerFile,
    upload: { maxBytes: ANSWER_LIMITS.fileBytes, maxFiles: 1 },
    tenantIds: { attempt_id: 'exam_attempt', question_id: 'question' },
  }),
  examineEvent: procedure({
    path: '/dataset-examine/event',
    summary: 'The page reports leaving the page, losing focus or reconnecting (the evidence timeline).',
    input: z.object({
      attempt_id: ZId,
      kind: z.enum(EXAM_PAGE_EVENTS),
      detail: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
    }),
    output: ZOk,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineSubmit: procedure({
    path: '/dataset-examine/submit',
    summary: 'Submit the attempt; objective questions are graded at once. Submitting twice returns the same result.',
    input: z.object({ attempt_id: ZId }),
    output: ZExamResult,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineResult: procedure({
    path: '/dataset-examine/result',
    summary: "A submitted attempt's result, with answers and analysis when the exam allows it.",
    input: z.object({ attempt_id: ZId }),
    output: ZExamResult,
    tenantIds: { attempt_id: 'exam_attempt' },
  }),
  examineMyRecords: procedure({
    path: '/dataset-examine/my-records',
    summary: "The caller's attempts, newest first (`/trainingcamp/myexamRecord`).",
    input: ZListInput.extend({ exam_id: ZId.optional() }),
    output: listOutput(ZExamRecord),
    tenantIds: { exam_id: 'exam' },
  }),
} as const;
