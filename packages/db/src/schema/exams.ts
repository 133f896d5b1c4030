import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { certTemplates } from './certificates.ts';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';
import { questionCategories, questions } from './question-bank.ts';

/**
 * Online exams (modules 2 and 3): an exam with a fixed or random paper, candidates' attempts with the paper frozen
 * at start, answers saved one by one, and the evidence timeline a teacher reads before marking cheating.
 */

export type ExamStatus = 'draft' | 'published' | 'closed';
/** An exam, or a course's homework (same engine: the window is the time to hand in, docs/homework.md). */
export type ExamKind = 'exam' | 'homework';
export type PaperMode = 'fixed' | 'random';
export type AttemptStatus = 'in_progress' | 'submitted' | 'being_graded' | 'graded';
export type SubmittedBy = 'candidate' | 'server' | 'teacher';

/** A random paper's blueprint: ratios (any scale, not all zero) and where the questions come from. */
export interface ExamBlueprint {
  total: number;
  typeRatios: { single: number; multiple: number; judge: number };
  difficultyRatios: { easy: number; medium: number; hard: number };
  categoryIds: number[];
  nodeIds: number[];
}

/** One question of a frozen paper: the order shown, the option order shown (original positions), its points. */
export interface PaperEntry {
  questionId: number;
  optionOrder: number[];
  points: number;
}

export const exams = pgTable(
  'exams',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ExamKind>().notNull().default('exam'),
    description: varchar('description', { length: 1000 }).notNull().default(''),
    categoryId: ref('category_id').references(() => questionCategories.id, { onDelete: 'set null' }),
    paperMode: varchar('paper_mode', { length: 8 }).$type<PaperMode>().notNull().default('fixed'),
    /** Fixed papers: the chosen questions in order. */
    questionIds: jsonb('question_ids').$type<number[]>().notNull().default([]),
    /** Random papers: drawn per candidate from passed questions. */
    blueprint: jsonb('blueprint').$type<ExamBlueprint | null>(),
    totalScore: numeric('total_score', { precision: 8, scale: 2, mode: 'number' }).notNull().default(100),
    passScore: numeric('pass_score', { precision: 8, scale: 2, mode: 'number' }).notNull(),
    durationSeconds: integer('duration_seconds').notNull(),
    /** Attempts a candidate may make (repeat answering); at least 1. */
    attemptsAllowed: integer('attempts_allowed').notNull().default(1),
    windowStart: at('window_start').notNull(),
    windowEnd: at('window_end').notNull(),
    sort: integer('sort').notNull().default(0),
    priceCents: integer('price_cents').notNull().default(0),
    shuffleQuestions: boolean('shuffle_questions').notNull().default(false),
    shuffleOptions: boolean('shuffle_options').notNull().default(false),
    /** Multiple choice: all-or-nothing unless this is on (points in proportion, none with a wrong option). */
    partialCredit: boolean('partial_credit').notNull().default(false),
    /**
     * Homework: when it is due. Work handed in later (until the window's end, when that is later) is late and loses
     * `late_penalty` percent of its score.
     */
    dueAt: at('due_at'),
    latePenalty: integer('late_penalty').notNull().default(0),
    /** Markers of hand-marked answers never see candidates' names. */
    blindMarking: boolean('blind_marking').notNull().default(false),
    /** The share (percent) of hand-marked answers a second marker marks too, the difference shown (docs/marking.md). */
    secondMarkingShare: integer('second_marking_share').notNull().default(0),
    /**
     * Live invigilation (docs/invigilation.md): candidates publish their camera to the exam's media room while they
     * answer, and invigilators watch them on `/liveroom-invigilation-management`.
     */
    liveInvigilation: boolean('live_invigilation').notNull().default(false),
    /** With live invigilation, candidates share their screen too (a second feed); always false without it. */
    invigilationScreen: boolean('invigilation_screen').notNull().default(false),
    /** Candidates may see their answers and the analysis on the result page. */
    showAnalysis: boolean('show_analysis').notNull().default(true),
    /** Passing issues a certificate from this template. */
    certTemplateId: ref('cert_template_id').references(() => certTemplates.id, { onDelete: 'set null' }),
    /** Who may see and take it (`audience_entries` when chosen); existing exams became `students`. */
    audience: varchar('audience', { length: 16 }).$type<'students' | 'chosen'>().notNull().default('students'),
    status: varchar('status', { length: 16 }).$type<ExamStatus>().notNull().default('draft'),
    publishedAt: at('published_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('exams_site_status').on(t.siteId, t.status, t.sort, t.id)],
);

/** A candidate joined an exam (`my_join_status` 1). */
export const examJoins = pgTable(
  'exam_joins',
  {
    examId: ref('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    joinedAt: atNow('joined_at'),
  },
  (t) => [primaryKey({ columns: [t.examId, t.userId] }), index('exam_joins_user').on(t.userId)],
);

/**
 * One attempt: `seq` counts a candidate's attempts (unique per exam and user, so starting twice at once makes one).
 * The deadline is the server's: min(start + duration, window end); the sweeper submits what was saved at it.
 */
export const examAttempts = pgTable(
  'exam_attempts',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    examId: ref('exam_id')
      .notNull()
      .references(() => exams.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    status: varchar('status', { length: 16 }).$type<AttemptStatus>().notNull().default('in_progress'),
    paper: jsonb('paper').$type<PaperEntry[]>().notNull(),
    startedAt: atNow('started_at'),
    deadline: at('deadline').notNull(),
    submittedAt: at('submitted_at'),
    submittedBy: varchar('submitted_by', { length: 16 }).$type<SubmittedBy>(),
    score: numeric('score', { precision: 8, scale: 2, mode: 'number' }),
    passed: boolean('passed'),
    cheat: boolean('cheat').notNull().default(false),
    /** Homework handed in after its due time (the score carries the exam's late penalty). */
    late: boolean('late').notNull().default(false),
    cheatNote: varchar('cheat_note', { length: 500 }).notNull().default(''),
    /** The client address seen at start; a different one later is an `ip_change` event. */
    lastIp: varchar('last_ip', { length: 64 }).notNull().default(''),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('exam_attempts_exam_user_seq').on(t.examId, t.userId, t.seq),
    index('exam_attempts_user').on(t.userId, t.id),
    index('exam_attempts_open_deadline').on(t.status, t.deadline),
  ],
);

/**
 * A saved answer (`chosen` = original option positions). `client_seq` orders a client's saves: a replay after a
 * network drop never overwrites a newer answer.
 */
export const examAnswers = pgTable(
  'exam_answers',
  {
    attemptId: ref('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    chosen: jsonb('chosen').$type<number[]>().notNull(),
    /** The answer to a question that is not a choice (`TAnswerResponse` of the contracts). */
    response: jsonb('response').$type<Record<string, unknown>>(),
    clientSeq: integer('client_seq').notNull().default(0),
    correct: boolean('correct'),
    /** Null after submission while a hand-marked answer waits for its mark. */
    points: numeric('points', { precision: 8, scale: 2, mode: 'number' }),
    /** A hand-marked answer (an essay or a short answer by hand, not empty): set at submission. */
    needsMarking: boolean('needs_marking').notNull().default(false),
    rubricPoints: jsonb('rubric_points').$type<number[]>(),
    comment: varchar('comment', { length: 2000 }).notNull().default(''),
    markedBy: ref('marked_by').references(() => users.id, { onDelete: 'set null' }),
    markedAt: at('marked_at'),
    /** A second marker's points for the same answer (answers chosen by the exam's second-marking share). */
    secondPoints: numeric('second_points', { precision: 8, scale: 2, mode: 'number' }),
    secondComment: varchar('second_comment', { length: 2000 }).notNull().default(''),
    secondMarkedBy: ref('second_marked_by').references(() => users.id, { onDelete: 'set null' }),
    secondMarkedAt: at('second_marked_at'),
    savedAt: atNow('saved_at'),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.questionId] }),
    index('exam_answers_to_mark').on(t.questionId, t.attemptId).where(sql`${t.needsMarking}`),
  ],
);

export type ExamEventKind =
  | 'start'
  | 'resume'
  | 'blur'
  | 'hidden'
  | 'reconnect'
  | 'ip_change'
  | 'submit'
  | 'reopen'
  | 'cheat'
  | 'regrade'
  | 'camera_on'
  | 'camera_stopped'
  | 'screen_on'
  | 'screen_stopped'
  | 'warning';

/** The evidence timeline of an attempt: what the page and the server saw. */
export const examEvents = pgTable(
  'exam_events',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    attemptId: ref('attempt_id')
      .notNull()
      .references(() => examAttempts.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<ExamEventKind>().notNull(),
    detail: jsonb('detail').$type<Record<string, unknown>>().notNull().default({}),
    at: atNow('at'),
  },
  (t) => [index('exam_events_attempt').on(t.attemptId, t.id)],
);
