/**
 * Learners' reports on the question bank (corrections and feedback) and the error-prone list: the values the
 * server checks and the web forms and links show. Plain values only, so web chunks import this file without zod.
 */
export const QUESTION_REPORT_KINDS = ['correction', 'feedback'] as const;
export type TQuestionReportKind = (typeof QUESTION_REPORT_KINDS)[number];
export const QUESTION_REPORT_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type TQuestionReportStatus = (typeof QUESTION_REPORT_STATUSES)[number];

export const QUESTION_REPORT_LIMITS = { content: 1000, reply: 500 } as const;

/**
 * The error-prone list ranks questions with at least `minAnswers` answers by wrong rate; the content manager's
 * home counts those whose wrong rate is at least `homeRate` (its link opens the list with the same filters).
 */
export const ERROR_PRONE_DEFAULTS = { minAnswers: 5, homeRate: 0.5 } as const;
