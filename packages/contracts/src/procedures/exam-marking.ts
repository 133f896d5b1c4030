import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZAnswerResponse, ZQuestionSpec } from '../question-answers.ts';
import { QUESTION_TYPES } from '../question-rules.ts';

/**
 * Marking by hand (docs/marking.md): the answers a teacher marks (essays, short answers marked by hand), by question
 * across all candidates or by candidate. An attempt stays `being_graded` until every such answer has points; then it
 * gets its score, pass, certificate and notice. With blind marking (an exam setting) the marker never receives
 * candidates' names.
 */
export const MARKING_LIMITS = { comment: 2_000 } as const;

/**
 * Whether an answer is chosen for a second mark: a fixed spread of (attempt, question) over 0-99 below the exam's
 * share, so the same answers stay chosen and about `share` percent of them are. The server counts and filters with
 * the same formula in SQL (`secondWantedSql` in the exam-taking module's marking.queries.ts): change both together.
 */
export const secondMarkingWanted = (attemptId: number, questionId: number, share: number) =>
  share > 0 && (attemptId * 7919 + questionId * 104_729) % 100 < share;

const ZId = z.number().int().positive();

export const ZMarkingQuestion = z.object({
  question_id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem_text: z.string(),
  /** Answers given to it in submitted attempts, and those marked. */
  answer_count: z.number().int(),
  marked_count: z.number().int(),
  /** Of those, the answers chosen for a second mark (the exam's second-marking share) and those that have one. */
  second_wanted_count: z.number().int(),
  second_marked_count: z.number().int(),
});
export type TMarkingQuestion = z.infer<typeof ZMarkingQuestion>;

export const ZMarkingOverview = z.object({
  exam_id: z.number().int(),
  blind: z.boolean(),
  /** The exam's second-marking share in percent (0: no second marks). */
  second_marking_share: z.number().int(),
  questions: z.array(ZMarkingQuestion),
  /** Attempts waiting for marks. */
  being_graded: z.number().int(),
});
export type TMarkingOverview = z.infer<typeof ZMarkingOverview>;

export const ZMarkingAnswer = z.object({
  attempt_id: z.number().int(),
  question_id: z.number().int(),
  /** "Candidate N" numbering is the client's; names are null under blind marking. */
  candidate_name: z.string().nullable(),
  response: ZAnswerResponse.nullable(),
  /** The points this question carries on that candidate's paper. */
  max_points: z.number(),
  points: z.number().nullable(),
  rubric_points: z.array(z.number()).nullable(),
  comment: z.string(),
  marked_by_name: z.string().nullable(),
  /** The markers' user ids, so the page knows whose mark is the caller's (a second mark needs another marker). */
  marked_by_id: z.number().int().nullable(),
  marked_at: z.string().nullable(),
  /** Chosen for a second mark by the exam's second-marking share (`secondMarkingWanted`). */
  second_wanted: z.boolean(),
  second_points: z.number().nullable(),
  second_comment: z.string(),
  second_marked_by_name: z.string().nullable(),
  second_marked_by_id: z.number().int().nullable(),
  second_marked_at: z.string().nullable(),
});
export type TMarkingAnswer = z.infer<typeof ZMarkingAnswer>;

export const ZMarkingAnswers = z.object({
  blind: z.boolean(),
  /** The question whole (stem HTML, its key: accepted answers, rubric), when listing by question. */
  question: z
    .object({
      id: z.number().int(),
      type: z.enum(QUESTION_TYPES),
      stem: z.string(),
      spec: ZQuestionSpec.nullable(),
      analysis: z.string(),
    })
    .nullable(),
  list: z.array(ZMarkingAnswer),
});
export type TMarkingAnswers = z.infer<typeof ZMarkingAnswers>;

/** Two candidates' answers to one question that look alike (trigram similarity 0-1), for the marker to judge. */
export const ZSimilarAnswers = z.object({
  attempt_a: z.number().int(),
  attempt_b: z.number().int(),
  similarity: z.number(),
});
export type TSimilarAnswers = z.infer<typeof ZSimilarAnswers>;

export const ZMarkInput = z.object({
  attempt_id: ZId,
  question_id: ZId,
  /** Points on the paper's scale (0 to the question's points); ignored when rubric points are given. */
  points: z.number().min(0).max(10_000).nullable().default(null),
  /** One figure per rubric criterion (0 to the criterion's points); the points follow in proportion. */
  rubric_points: z.array(z.number().min(0).max(1000)).max(10).nullable().default(null),
  comment: z.string().trim().max(MARKING_LIMITS.comment, 'validation.too_long').default(''),
  /**
   * The second mark of an answer chosen for one (marking_second_not_wanted otherwise), by somebody other than its
   * first marker (marking_second_same_marker); it changes no score.
   */
  second: z.boolean().default(false),
});
export type TMarkInput = z.input<typeof ZMarkInput>;

export const ZMarkResult = z.object({
  points: z.number(),
  attempt_status: z.enum(['in_progress', 'submitted', 'being_graded', 'graded']),
  score: z.number().nullable(),
  passed: z.boolean().nullable(),
});
export type TMarkResult = z.infer<typeof ZMarkResult>;

export const ZRegradeChange = z.object({
  attempt_id: z.number().int(),
  /** Null under blind marking. */
  candidate_name: z.string().nullable(),
  points_before: z.number().nullable(),
  points_after: z.number(),
  /** The attempt's score and pass before and after (null while it waits for marks). */
  score_before: z.number().nullable(),
  score_after: z.number().nullable(),
  passed_before: z.boolean().nullable(),
  passed_after: z.boolean().nullable(),
});
export type TRegradeChange = z.infer<typeof ZRegradeChange>;

export const ZRegradeOutcome = z.object({
  /** Submitted attempts whose paper holds the question. */
  attempt_count: z.number().int(),
  /** Those whose points for it change (all of them are applied unless dry_run). */
  changes: z.array(ZRegradeChange),
  dry_run: z.boolean(),
});
export type TRegradeOutcome = z.infer<typeof ZRegradeOutcome>;

export const examMarkingProcedures = {
  examineMarkingOverview: procedure({
    path: '/dataset-examine/marking-overview',
    summary:
      'The questions of an exam marked by hand, with how many of their answers are marked, and the attempts waiting.',
    input: z.object({ exam_id: ZId }),
    output: ZMarkingOverview,
    tenantIds: { exam_id: 'exam' },
  }),
  examineMarkingAnswers: procedure({
    path: '/dataset-examine/marking-answers',
    summary:
      'Answers to mark: one question across all submitted attempts (question_id), or every hand-marked answer of ' +
      'one attempt (attempt_id); unmarked first unless all; second_waiting_only: the answers chosen for a second ' +
      'mark that lack it. Names are left out under blind marking.',
    input: z.object({
      exam_id: ZId,
      question_id: ZId.optional(),
      attempt_id: ZId.optional(),
      unmarked_only: z.boolean().default(false),
      /** Only answers chosen for a second mark (secondMarkingWanted) that have none yet. */
      second_waiting_only: z.boolean().default(false),
    }),
    output: ZMarkingAnswers,
    tenantIds: { exam_id: 'exam', question_id: 'question', attempt_id: 'exam_attempt' },
  }),
  examineMarkingSimilar: procedure({
    path: '/dataset-examine/marking-similar',
    summary:
      'Pairs of text answers to one hand-marked question of the exam whose trigram similarity is at least the ' +
      'threshold (default 0.6), most similar first: a hint for the marker, never a decision.',
    input: z.object({
      exam_id: ZId,
      question_id: ZId,
      threshold: z.number().min(0.3).max(1).default(0.6),
    }),
    output: z.object({ pairs: z.array(ZSimilarAnswers) }),
    tenantIds: { exam_id: 'exam', question_id: 'question' },
  }),
  examineMark: procedure({
    path: '/dataset-examine/mark',
    summary:
      'Saves a mark (points or rubric points, and a comment) on a hand-marked answer of a submitted attempt; the ' +
      'last mark an attempt waited for grades it (score, pass, certificate, notice). A mark may be changed later.',
    input: ZMarkInput,
    output: ZMarkResult,
    tenantIds: { attempt_id: 'exam_attempt', question_id: 'question' },
  }),
  examineRegrade: procedure({
    path: '/dataset-examine/regrade',
    summary:
      "Re-grades one question in every submitted attempt of the exam with the question's key as it is now (after a " +
      'correction); answers marked by hand keep their marks. Scores, passes and certificates follow; each change is ' +
      'an event of the attempt and a notice to its candidate. dry_run shows the changes without making them.',
    input: z.object({ exam_id: ZId, question_id: ZId, dry_run: z.boolean().default(false) }),
    output: ZRegradeOutcome,
    tenantIds: { exam_id: 'exam', question_id: 'question' },
  }),
} as const;
