import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import {
  ERROR_PRONE_DEFAULTS,
  QUESTION_REPORT_KINDS,
  QUESTION_REPORT_LIMITS,
  QUESTION_REPORT_STATUSES,
} from '../question-report-rules.ts';
import { ZQuestionDetail, ZQuestionRow } from './question-bank.ts';
import { ZReviewStatus } from './question-bank-categories.ts';

export * from '../question-report-rules.ts';

/**
 * The question bank's quality loop (module 10): learners report a correction about a passed question or give
 * feedback (about a question or in general); content managers accept or decline each report once, with a reply
 * the reporter reads in their own list. Content managers are told of new reports and reporters of the outcome
 * through the message center. The error-prone list ranks questions by wrong rate; the content manager's home
 * sums up the bank.
 */
const ZId = z.number().int().positive();

export const ZQuestionReportKind = z.enum(QUESTION_REPORT_KINDS);
export const ZQuestionReportStatus = z.enum(QUESTION_REPORT_STATUSES);

export const ZQuestionReportRow = z.object({
  id: z.number().int(),
  kind: ZQuestionReportKind,
  question_id: z.number().int().nullable(),
  /** The question's stem as text, or null (general feedback, or the question was deleted). */
  question_stem_text: z.string().nullable(),
  content: z.string(),
  status: ZQuestionReportStatus,
  reply: z.string(),
  /** The reporter's nickname (null once their account is gone). */
  user_name: z.string().nullable(),
  handled_by_name: z.string().nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type TQuestionReportRow = z.infer<typeof ZQuestionReportRow>;

/** A report with its question whole (as the editor would show it), for judging it. */
export const ZQuestionReportDetail = ZQuestionReportRow.extend({
  question: ZQuestionDetail.pick({
    id: true,
    type: true,
    stem: true,
    stem_text: true,
    options: true,
    spec: true,
    analysis: true,
    category_id: true,
    category_name: true,
    review_status: true,
    answer_count: true,
    correct_count: true,
  }).nullable(),
});
export type TQuestionReportDetail = z.infer<typeof ZQuestionReportDetail>;

/** The reporter's own view of a report: the question, what they wrote, the outcome and the reply. */
export const ZMyQuestionReport = ZQuestionReportRow.omit({ user_name: true, handled_by_name: true });
export type TMyQuestionReport = z.infer<typeof ZMyQuestionReport>;

export const ZErrorProneRow = ZQuestionRow.pick({
  id: true,
  category_id: true,
  category_name: true,
  type: true,
  stem_text: true,
  difficulty: true,
  review_status: true,
  answer_count: true,
  correct_count: true,
}).extend({
  wrong_count: z.number().int(),
  /** 1 - correct / answers, 0-1. */
  wrong_rate: z.number(),
});
export type TErrorProneRow = z.infer<typeof ZErrorProneRow>;

const ZDayCount = z.object({ day: z.string(), count: z.number().int() });

export const ZContentManagerHome = z.object({
  questions: z.object({ total: z.number().int(), by_status: z.record(ZReviewStatus, z.number().int()) }),
  categories: z.object({ total: z.number().int(), unreviewed: z.number().int() }),
  /** Reports waiting for a decision. */
  pending_reports: z.object({ correction: z.number().int(), feedback: z.number().int() }),
  /** Questions with at least ERROR_PRONE_DEFAULTS.minAnswers answers and a wrong rate of at least homeRate. */
  error_prone: z.number().int(),
  /** Questions added per day over the last seven days (UTC), today last, days without any as 0. */
  added_last_7_days: z.array(ZDayCount),
});
export type TContentManagerHome = z.infer<typeof ZContentManagerHome>;

const ZReply = z.string().trim().max(QUESTION_REPORT_LIMITS.reply, 'validation.too_long');

export const ZQuestionReportCreate = z
  .object({
    kind: ZQuestionReportKind,
    /** Required for a correction; optional for feedback. */
    question_id: ZId.optional(),
    content: z.string().trim().min(1, 'validation.required').max(QUESTION_REPORT_LIMITS.content, 'validation.too_long'),
  })
  .superRefine((value, ctx) => {
    if (value.kind === 'correction' && value.question_id === undefined) {
      ctx.addIssue({ code: 'custom', path: ['question_id'], message: 'validation.required' });
    }
  });
export type TQuestionReportCreate = z.input<typeof ZQuestionReportCreate>;

export const questionReportProcedures = {
  datasetFeedbackCreate: procedure({
    path: '/dataset-feedback/create',
    summary:
      "A learner's correction about a passed question of the organisation (question_id required) or feedback, " +
      'with or without a question. The content managers of the organisation are told.',
    input: ZQuestionReportCreate,
    output: ZMyQuestionReport,
    tenantIds: { question_id: 'question' },
  }),
  datasetFeedbackMine: procedure({
    path: '/dataset-feedback/mine',
    summary: "The caller's reports in the current organisation, newest first, with their status and reply.",
    input: ZListInput.extend({ kind: ZQuestionReportKind.optional(), status: ZQuestionReportStatus.optional() }),
    output: listOutput(ZMyQuestionReport),
  }),
  datasetFeedbackList: procedure({
    path: '/dataset-feedback/list',
    summary:
      "The organisation's reports, pending first then newest; the keyword searches the content, the question's " +
      "stem and the reporter's name.",
    input: ZListInput.extend({ kind: ZQuestionReportKind.optional(), status: ZQuestionReportStatus.optional() }),
    output: listOutput(ZQuestionReportRow),
  }),
  datasetFeedbackDetail: procedure({
    path: '/dataset-feedback/detail',
    summary: 'One report with its question whole.',
    input: z.object({ id: ZId }),
    output: ZQuestionReportDetail,
    tenantIds: { id: 'question_report' },
  }),
  datasetFeedbackAccept: procedure({
    path: '/dataset-feedback/accept',
    summary:
      'Accepts a pending report (the reply is optional); the reporter is told. The question itself is then edited ' +
      'in the editor. A report already handled answers report_handled.',
    input: z.object({ id: ZId, reply: ZReply.default('') }),
    output: ZQuestionReportDetail,
    tenantIds: { id: 'question_report' },
  }),
  datasetFeedbackDecline: procedure({
    path: '/dataset-feedback/decline',
    summary:
      'Declines a pending report with a reply (empty: reason_required); the reporter is told. A report already ' +
      'handled answers report_handled.',
    input: z.object({ id: ZId, reply: ZReply.default('') }),
    output: ZQuestionReportDetail,
    tenantIds: { id: 'question_report' },
  }),
  datasetDataErrorProne: procedure({
    path: '/dataset-data/error-prone',
    summary:
      `Questions with at least min_answers answers (default ${ERROR_PRONE_DEFAULTS.minAnswers}), highest wrong rate ` +
      '(1 - correct / answers) first, then most answers; filters: category (with its descendants), the least wrong ' +
      'rate, and a keyword over the stem.',
    input: ZListInput.extend({
      category_id: ZId.optional(),
      min_answers: z.number().int().min(1).max(1_000_000).default(ERROR_PRONE_DEFAULTS.minAnswers),
      min_rate: z.number().min(0).max(1).optional(),
    }),
    output: listOutput(ZErrorProneRow),
    tenantIds: { category_id: 'question_category' },
  }),
  contentManagerHome: procedure({
    path: '/user/index-content-manager',
    summary:
      "The content manager's home: questions by review status, categories waiting for review, pending corrections " +
      'and feedback, the error-prone count, and questions added per day over the last seven days.',
    input: z.object({}),
    output: ZContentManagerHome,
  }),
} as const;
