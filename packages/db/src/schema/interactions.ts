import { boolean, index, integer, jsonb, pgTable, real, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { sites, users } from './iam.ts';
import { questions } from './question-bank.ts';

/**
 * Interactive answering (docs/interactions.md): a course's ordered set of auto-graded questions that a teacher runs
 * live for classes of the course, sending one question at a time to every student's screen.
 */

/** One question of an interaction: the bank's question, seconds to answer (0 = no limit) and its points. */
export interface InteractionItem {
  question_id: number;
  seconds: number;
  points: number;
}

export interface InteractionSettings {
  /** Students' names are hidden from the class (the projector and the leaderboard show numbers). */
  anonymous: boolean;
  /** Students see the key once the teacher reveals it. */
  show_answer: boolean;
  leaderboard: boolean;
  /** A right answer earns more the faster it came (Kahoot's rule: points × (1 − elapsed / limit / 2)). */
  speed_points: boolean;
  /** A student may change the answer while the question is open. */
  allow_change: boolean;
}

export const interactions = pgTable(
  'interactions',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    items: jsonb('items').$type<InteractionItem[]>().notNull(),
    settings: jsonb('settings').$type<InteractionSettings>().notNull(),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('interactions_course').on(t.courseId)],
);

export type InteractionRunStatus = 'open' | 'ended';
/** Live: the teacher sends one question at a time; self-paced: every question is open at once (migration 0022). */
export type InteractionRunMode = 'live' | 'self_paced';
/** The current question: not sent yet (idle), open for answers, closed, or closed with its key shown. */
export type InteractionQuestionState = 'idle' | 'open' | 'closed' | 'revealed';

/** One running (or past) session of an interaction for some classes of the course. */
export const interactionRuns = pgTable(
  'interaction_runs',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    interactionId: ref('interaction_id')
      .notNull()
      .references(() => interactions.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    /** The interaction's title, items and settings as they were when started (edits change later runs only). */
    title: varchar('title', { length: 64 }).notNull(),
    items: jsonb('items').$type<InteractionItem[]>().notNull(),
    settings: jsonb('settings').$type<InteractionSettings>().notNull(),
    classIds: jsonb('class_ids').$type<number[]>().notNull(),
    mode: varchar('mode', { length: 12 }).$type<InteractionRunMode>().notNull().default('live'),
    status: varchar('status', { length: 8 }).$type<InteractionRunStatus>().notNull().default('open'),
    /**
     * The index of the current question in `items`; -1 before the first is sent, and always in self-paced mode (where
     * the question state, opened-at and deadline are those of every question at once: the whole run).
     */
    currentIndex: integer('current_index').notNull().default(-1),
    questionState: varchar('question_state', { length: 8 }).$type<InteractionQuestionState>().notNull().default('idle'),
    questionOpenedAt: at('question_opened_at'),
    /** When the current question closes by itself (null: no limit, or not open). */
    questionDeadline: at('question_deadline'),
    startedBy: ref('started_by').references(() => users.id, { onDelete: 'set null' }),
    startedAt: atNow('started_at'),
    endedAt: at('ended_at'),
  },
  (t) => [index('interaction_runs_course_status').on(t.courseId, t.status)],
);

/** A student's answer to one question of a run: one per (run, question index, student). */
export const interactionAnswers = pgTable(
  'interaction_answers',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    runId: ref('run_id')
      .notNull()
      .references(() => interactionRuns.id, { onDelete: 'cascade' }),
    questionIndex: integer('question_index').notNull(),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Choices: the chosen options' positions; other types: `response`. */
    chosen: jsonb('chosen').$type<number[]>().notNull(),
    response: jsonb('response'),
    /** 0..1 of the question (blanks right of all, pairs right...). */
    share: real('share').notNull(),
    correct: boolean('correct').notNull(),
    points: integer('points').notNull(),
    elapsedMs: integer('elapsed_ms').notNull(),
    answeredAt: atNow('answered_at'),
  },
  (t) => [
    uniqueIndex('interaction_answers_once').on(t.runId, t.questionIndex, t.userId),
    index('interaction_answers_user').on(t.userId),
  ],
);

/** Who opened a run's page (joined), for the teacher's "joined" count and the records' participation. */
export const interactionJoins = pgTable(
  'interaction_joins',
  {
    runId: ref('run_id')
      .notNull()
      .references(() => interactionRuns.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: atNow('joined_at'),
  },
  (t) => [uniqueIndex('interaction_joins_once').on(t.runId, t.userId)],
);
