import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZAnswerResponse, ZQuestionSpec } from '../question-answers.ts';
import { QUESTION_TYPES } from '../question-rules.ts';
import { ZPaperLayout } from './exam-taking.ts';

/**
 * Certification learning, the learner's side (`/trainingcamp/...`, module 1): practice sets of the current
 * organisation, practice sessions with immediate judging, the wrong-answer book, collections, records, statistics
 * and the category portrait.
 */
export const PRACTICE_SOURCES = ['new', 'wrong', 'both'] as const;
export const PRACTICE_FONT_SIZES = ['small', 'standard', 'large'] as const;
export const PRACTICE_MAX_COUNT = 100;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZCount = z.number().int().min(1).max(PRACTICE_MAX_COUNT);

export const ZPracticeSetItem = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** Passed questions in the set's pool. */
  data_count: z.number().int(),
  per_session: z.number().int(),
  generate_site_id: z.number().int(),
  site: z.object({ name: z.string() }),
  /** 1 = the caller joined the set. */
  my_join_status: z.union([z.literal(0), z.literal(1)]),
  locked: z.boolean(),
  /** Pool questions the caller answered at least once, and answered correctly at least once. */
  my_answered: z.number().int(),
  my_correct: z.number().int(),
});
export type TPracticeSetItem = z.infer<typeof ZPracticeSetItem>;

/** `key`: a choice's position, or the place of a matching or ordering item in the key (what answers name). */
export const ZPracticeOption = z.object({
  key: z.number().int(),
  content: z.string(),
  correct: z.boolean().optional(),
});

/**
 * A question of a session. Practice holds what a machine grades (`autoGraded`): choices show their options in order,
 * with the correct flags once answered; matching shows its right-hand items and ordering its items as `options`,
 * shuffled for the session as a paper shows them (never a correct flag), and `layout` the rest. Once answered: my
 * answer (`chosen` or `response`), its share of full marks, the key of a question that is not a choice (`spec`) and
 * the analysis; before, none of them.
 */
export const ZPracticeQuestion = z.object({
  id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  options: z.array(ZPracticeOption),
  layout: ZPaperLayout.nullable(),
  collected: z.boolean(),
  answered: z.boolean(),
  chosen: z.array(z.number().int()).nullable(),
  response: ZAnswerResponse.nullable(),
  correct: z.boolean().nullable(),
  /** 0-1; correct only at 1 (a part-right answer counts as wrong). */
  share: z.number().nullable(),
  spec: ZQuestionSpec.nullable(),
  analysis: z.string().nullable(),
});
export type TPracticeQuestion = z.infer<typeof ZPracticeQuestion>;

export const ZPracticeSession = z.object({
  id: z.number().int(),
  set_id: z.number().int().nullable(),
  set_name: z.string().nullable(),
  source: z.enum(PRACTICE_SOURCES),
  font_size: z.enum(PRACTICE_FONT_SIZES),
  total: z.number().int(),
  answered_count: z.number().int(),
  correct_count: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TPracticeSession = z.infer<typeof ZPracticeSession>;

export const ZPracticeSessionDetail = ZPracticeSession.extend({ questions: z.array(ZPracticeQuestion) });
export type TPracticeSessionDetail = z.infer<typeof ZPracticeSessionDetail>;

export const ZPracticeAnswerResult = z.object({
  /** Full marks (share 1); a part-right answer is wrong (it goes to the wrong-answer book). */
  correct: z.boolean(),
  /** The answer's share of full marks, 0-1 (blanks right / blanks, pairs right / pairs, ordering's successors). */
  share: z.number(),
  /** Choices: the correct options' positions (empty for the other types). */
  correct_options: z.array(z.number().int()),
  /** The other types: the key (accepted answers, pairs, the right order, value ± tolerance); null for choices. */
  spec: ZQuestionSpec.nullable(),
  analysis: z.string(),
  /** The answer that stands (the first one given in the session): `chosen` for choices, else `response`. */
  chosen: z.array(z.number().int()),
  response: ZAnswerResponse.nullable(),
});
export type TPracticeAnswerResult = z.infer<typeof ZPracticeAnswerResult>;

export const ZPracticeResult = ZPracticeSession.extend({
  /** Correct answers out of the session's questions, 0-100. */
  score: z.number().int(),
  questions: z.array(
    z.object({
      id: z.number().int(),
      type: z.enum(QUESTION_TYPES),
      stem: z.string(),
      answered: z.boolean(),
      correct: z.boolean().nullable(),
      share: z.number().nullable(),
      chosen: z.array(z.number().int()).nullable(),
      response: ZAnswerResponse.nullable(),
      /** The key, once the question is answered or the session finished: choices' positions, else `spec`. */
      correct_options: z.array(z.number().int()),
      spec: ZQuestionSpec.nullable(),
    }),
  ),
});
export type TPracticeResult = z.infer<typeof ZPracticeResult>;

export const ZPracticeBreakdown = z.object({
  key: z.string(),
  name: z.string(),
  total: z.number().int(),
  answered: z.number().int(),
  correct: z.number().int(),
});
export type TPracticeBreakdown = z.infer<typeof ZPracticeBreakdown>;

export const ZPracticeReport = z.object({
  session: ZPracticeSession,
  by_category: z.array(ZPracticeBreakdown),
  by_difficulty: z.array(ZPracticeBreakdown),
});
export type TPracticeReport = z.infer<typeof ZPracticeReport>;

export const ZCategoryCount = z.object({ category_id: z.number().int(), name: z.string(), count: z.number().int() });
export type TCategoryCount = z.infer<typeof ZCategoryCount>;

export const ZWrongBookRow = z.object({
  question_id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  wrong_count: z.number().int(),
  correct_streak: z.number().int(),
  last_wrong_at: z.string(),
});
export type TWrongBookRow = z.infer<typeof ZWrongBookRow>;

export const ZCollectedRow = z.object({
  question_id: z.number().int(),
  type: z.enum(QUESTION_TYPES),
  stem: z.string(),
  category_name: z.string(),
  created_at: z.string(),
});
export type TCollectedRow = z.infer<typeof ZCollectedRow>;

export const ZMastery = z.object({
  id: z.number().int(),
  name: z.string(),
  answered: z.number().int(),
  correct: z.number().int(),
  /** correct / answered, 0-1. */
  mastery: z.number(),
});
export type TMastery = z.infer<typeof ZMastery>;

export const practiceProcedures = {
  trainingcampTrainList: procedure({
    path: '/trainingcamp/train-list',
    summary: "Published practice sets of the caller's current organisation, with my join status and progress.",
    input: ZListInput,
    output: listOutput(ZPracticeSetItem),
  }),
  trainingcampTrainJoin: procedure({
    path: '/trainingcamp/train-join',
    summary: 'Joins a published set; a set locked to a category needs that category unlocked (practice_locked).',
    input: z.object({ set_id: ZId }),
    output: ZOk,
    tenantIds: { set_id: 'practice_set' },
  }),
  trainingcampTrainStart: procedure({
    path: '/trainingcamp/train-start',
    summary:
      "Starts a session on a joined set of the current organisation (another organisation's set answers " +
      'practice_other_site): new, wrong-book or both (wrong first) questions of its pool.',
    input: z.object({
      set_id: ZId,
      count: ZCount.optional(),
      source: z.enum(PRACTICE_SOURCES).default('new'),
      font_size: z.enum(PRACTICE_FONT_SIZES).default('standard'),
    }),
    output: z.object({ id: z.number().int() }),
    tenantIds: { set_id: 'practice_set' },
  }),
  trainingcampWrongStart: procedure({
    path: '/trainingcamp/wrong-start',
    summary: 'Starts a session on questions of my wrong-answer book (optionally of one category).',
    input: z.object({
      category_id: ZId.optional(),
      count: ZCount.default(10),
      font_size: z.enum(PRACTICE_FONT_SIZES).default('standard'),
    }),
    output: z.object({ id: z.number().int() }),
    tenantIds: { category_id: 'question_category' },
  }),
  trainingcampSession: procedure({
    path: '/trainingcamp/session',
    summary:
      'My session with its questions: matching and ordering items shuffled with their keys; correct flags, the key ' +
      '(`spec`) and the analysis only once a question is answered.',
    input: z.object({ id: ZId }),
    output: ZPracticeSessionDetail,
    tenantIds: { id: 'practice_session' },
  }),
  trainingcampAnswer: procedure({
    path: '/trainingcamp/answer',
    summary:
      'Answers one question of my session and grades it at once as exams do: `chosen` for choices, `response` for ' +
      'the other types (an answer of the wrong shape answers practice_answer_invalid). Correct means full marks; ' +
      'the first answer stands.',
    input: z.object({
      session_id: ZId,
      question_id: ZId,
      chosen: z.array(z.number().int().min(0).max(19)).max(20).optional(),
      response: ZAnswerResponse.optional(),
    }),
    output: ZPracticeAnswerResult,
    tenantIds: { session_id: 'practice_session', question_id: 'question' },
  }),
  trainingcampFinish: procedure({
    path: '/trainingcamp/finish',
    summary: 'Finishes my session (further answers answer practice_session_finished).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'practice_session' },
  }),
  trainingcampTrainResult: procedure({
    path: '/trainingcamp/train-result',
    summary: "My session's score and each question's outcome.",
    input: z.object({ id: ZId }),
    output: ZPracticeResult,
    tenantIds: { id: 'practice_session' },
  }),
  trainingcampTrainReport: procedure({
    path: '/trainingcamp/train-report',
    summary: 'My session broken down by category and by difficulty.',
    input: z.object({ id: ZId }),
    output: ZPracticeReport,
    tenantIds: { id: 'practice_session' },
  }),
  trainingcampMywrong: procedure({
    path: '/trainingcamp/mywrong',
    summary: 'Questions in my wrong-answer book (with wrong count and streak) and their counts per category.',
    input: ZListInput.extend({ category_id: ZId.optional() }),
    output: listOutput(ZWrongBookRow).extend({
      categories: z.array(ZCategoryCount),
      /** Consecutive correct answers that take a question out (0 = never). */
      wrong_book_n: z.number().int(),
    }),
    tenantIds: { category_id: 'question_category' },
  }),
  trainingcampCollect: procedure({
    path: '/trainingcamp/collect',
    summary: 'Collects a passed question.',
    input: z.object({ question_id: ZId }),
    output: ZOk,
    tenantIds: { question_id: 'question' },
  }),
  trainingcampUncollect: procedure({
    path: '/trainingcamp/uncollect',
    summary: 'Removes a question from my collection.',
    input: z.object({ question_id: ZId }),
    output: ZOk,
    tenantIds: { question_id: 'question' },
  }),
  trainingcampMycollect: procedure({
    path: '/trainingcamp/mycollect',
    summary: 'My collected questions, newest first.',
    input: ZListInput,
    output: listOutput(ZCollectedRow),
  }),
  trainingcampSelfexamRecords: procedure({
    path: '/trainingcamp/selfexam-records',
    summary: 'My practice sessions in the current organisation, newest first.',
    input: ZListInput,
    output: listOutput(ZPracticeSession),
  }),
  trainingcampMyTestStat: procedure({
    path: '/trainingcamp/my-test-stat',
    summary: 'My practice totals and my answers and accuracy per day (last 30 days, UTC).',
    input: z.object({}),
    output: z.object({
      sessions: z.number().int(),
      answered: z.number().int(),
      correct: z.number().int(),
      accuracy: z.number(),
      wrong_book: z.number().int(),
      days: z.array(z.object({ day: z.string(), answered: z.number().int(), correct: z.number().int() })),
    }),
  }),
  trainingcampCategoryPortrait: procedure({
    path: '/trainingcamp/category-portrait',
    summary: 'My mastery (correct / answered) per category and per knowledge node.',
    input: z.object({}),
    output: z.object({ categories: z.array(ZMastery), nodes: z.array(ZMastery) }),
  }),
};
