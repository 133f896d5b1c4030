import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { PRACTICE_SOURCES, ZCategoryCount, ZPracticeSession } from './practice.ts';

/**
 * The learner's home and own practice sets (module 1): the student dashboard (`/user/index-student`, shown at
 * `/home_student`), my joined sets (`/trainingcamp/mytrain`) and one set's detail (`/trainingcamp/trainDetail?id=`).
 */
export const LEARNER_HOME_LIMITS = { nextSets: 3, recent: 5, detailSessions: 20 } as const;

const ZId = z.number().int().positive();

/** A joined set with my progress: pool questions answered at least once, and answered correctly at least once. */
export const ZLearnerSetProgress = z.object({
  id: z.number().int(),
  name: z.string(),
  data_count: z.number().int(),
  my_answered: z.number().int(),
  my_correct: z.number().int(),
});
export type TLearnerSetProgress = z.infer<typeof ZLearnerSetProgress>;

export const ZRecentPractice = z.object({
  id: z.number().int(),
  set_name: z.string().nullable(),
  source: z.enum(PRACTICE_SOURCES),
  total: z.number().int(),
  answered_count: z.number().int(),
  correct_count: z.number().int(),
  /** Correct answers out of the session's questions, 0-100 (as on the result page). */
  score: z.number().int(),
  started_at: z.string(),
  finished_at: z.string().nullable(),
});
export type TRecentPractice = z.infer<typeof ZRecentPractice>;

export const ZRecentExam = z.object({
  id: z.number().int(),
  exam_id: z.number().int(),
  exam_name: z.string(),
  score: z.number(),
  total_score: z.number(),
  passed: z.boolean(),
  submitted_at: z.string().nullable(),
});
export type TRecentExam = z.infer<typeof ZRecentExam>;

export const ZStudentDashboard = z.object({
  site: z.object({ id: z.number().int(), name: z.string() }),
  /** Published sets I joined in this organisation. */
  joined_sets: z.number().int(),
  /** What to practise next: my joined published sets with the least progress (answered / pool) first. */
  next_sets: z.array(ZLearnerSetProgress),
  wrong_book: z.object({
    total: z.number().int(),
    categories: z.array(ZCategoryCount),
    /** Consecutive correct answers that take a question out (0 = never). */
    n: z.number().int(),
  }),
  /** My last practice sessions, newest first. */
  recent_practice: z.array(ZRecentPractice),
  /** My last graded exam attempts, newest first. */
  recent_exams: z.array(ZRecentExam),
  /** My certificates of this organisation that are not revoked. */
  certificates: z.number().int(),
});
export type TStudentDashboard = z.infer<typeof ZStudentDashboard>;

export const ZMyTrainRow = ZLearnerSetProgress.extend({
  description: z.string(),
  per_session: z.number().int(),
  /** closed: joined before the set was closed; it can no longer be started. */
  status: z.enum(['published', 'closed']),
  session_count: z.number().int(),
  last_practised_at: z.string().nullable(),
  joined_at: z.string(),
});
export type TMyTrainRow = z.infer<typeof ZMyTrainRow>;

export const ZTrainDetail = ZLearnerSetProgress.extend({
  description: z.string(),
  per_session: z.number().int(),
  status: z.enum(['published', 'closed']),
  generate_site_id: z.number().int(),
  site: z.object({ name: z.string() }),
  /** The set belongs to another organisation of mine: practising it needs switching there first. */
  other_site: z.boolean(),
  locked: z.boolean(),
  /** Locked sets: whether I unlocked the category with an activation code. */
  unlocked: z.boolean(),
  my_join_status: z.union([z.literal(0), z.literal(1)]),
  /** My sessions on this set, newest first. */
  sessions: z.array(ZPracticeSession),
});
export type TTrainDetail = z.infer<typeof ZTrainDetail>;

export const learnerHomeProcedures = {
  userIndexStudent: procedure({
    path: '/user/index-student',
    summary:
      "Student dashboard of the current organisation: sets to practise next, the wrong book's size per category, " +
      'recent practice scores, recent graded exams and the certificate count.',
    input: z.object({}),
    output: ZStudentDashboard,
  }),
  trainingcampMytrain: procedure({
    path: '/trainingcamp/mytrain',
    summary:
      'The sets I joined in the current organisation (published or closed since), newest join first, with progress.',
    input: ZListInput,
    output: listOutput(ZMyTrainRow),
  }),
  trainingcampTrainDetail: procedure({
    path: '/trainingcamp/train-detail',
    summary:
      "A set I may see (this organisation's, or another organisation's of mine, flagged other_site): description, " +
      'pool size, my progress and my sessions of it.',
    input: z.object({ id: ZId }),
    output: ZTrainDetail,
    tenantIds: { id: 'practice_set' },
  }),
  trainingcampTrainLeave: procedure({
    path: '/trainingcamp/train-leave',
    summary: 'Leaves a set I joined in the current organisation; my answers and sessions stay.',
    input: z.object({ set_id: ZId }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { set_id: 'practice_set' },
  }),
};
