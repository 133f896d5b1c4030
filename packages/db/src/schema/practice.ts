import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';
import { questionCategories, questions } from './question-bank.ts';

/**
 * Certification learning (module 1): practice sets drawn from the question bank, learners' practice sessions and
 * answers, the wrong-answer book, collections, and activation codes that unlock categories of sets.
 */

export type PracticeSource = 'new' | 'wrong' | 'both';
export type PracticeSetStatus = 'draft' | 'published' | 'closed';

/** A practice set (`/dataset-train/...`): its generating site is `site_id`; learners of other sites cannot start it. */
export const practiceSets = pgTable(
  'practice_sets',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 500 }).notNull().default(''),
    /** The pool: passed questions of these categories (with descendants), of these knowledge nodes, and these ids. */
    categoryIds: jsonb('category_ids').$type<number[]>().notNull().default([]),
    nodeIds: jsonb('node_ids').$type<number[]>().notNull().default([]),
    questionIds: jsonb('question_ids').$type<number[]>().notNull().default([]),
    /** Questions per session. */
    perSession: integer('per_session').notNull().default(10),
    status: varchar('status', { length: 16 }).$type<PracticeSetStatus>().notNull().default('draft'),
    /** When set, only learners who unlocked this category with an activation code may join. */
    lockCategoryId: ref('lock_category_id').references(() => questionCategories.id, { onDelete: 'set null' }),
    /** Who may see and join it (`audience_entries` when chosen): everyone in the organisation unless restricted. */
    audience: varchar('audience', { length: 16 })
      .$type<'everyone' | 'students' | 'chosen'>()
      .notNull()
      .default('everyone'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('practice_sets_site_status').on(t.siteId, t.status, t.id)],
);

/** A learner joined a set (`my_join_status` 1). */
export const practiceJoins = pgTable(
  'practice_joins',
  {
    setId: ref('set_id')
      .notNull()
      .references(() => practiceSets.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    joinedAt: atNow('joined_at'),
  },
  (t) => [primaryKey({ columns: [t.setId, t.userId] }), index('practice_joins_user').on(t.userId)],
);

/** One practice session: the questions drawn for it (in order), and how it went. `set_id` null = wrong-book practice. */
export const practiceSessions = pgTable(
  'practice_sessions',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    setId: ref('set_id').references(() => practiceSets.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    source: varchar('source', { length: 8 }).$type<PracticeSource>().notNull(),
    fontSize: varchar('font_size', { length: 8 }).$type<'small' | 'standard' | 'large'>().notNull().default('standard'),
    questionIds: jsonb('question_ids').$type<number[]>().notNull(),
    /** Matching and ordering questions' keys in the order the session shows them (by question id), drawn at start. */
    keyOrders: jsonb('key_orders').$type<Record<string, number[]>>().notNull().default({}),
    answeredCount: integer('answered_count').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    startedAt: atNow('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [index('practice_sessions_user').on(t.userId, t.id), index('practice_sessions_set').on(t.setId, t.id)],
);

/** Each answer given in a session (once per question and session). */
export const practiceAnswers = pgTable(
  'practice_answers',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    sessionId: ref('session_id')
      .notNull()
      .references(() => practiceSessions.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** The chosen options' 0-based positions (empty for the types that are not choices). */
    chosen: jsonb('chosen').$type<number[]>().notNull(),
    /** The answer to a question that is not a choice (contracts' `TAnswerResponse`). */
    response: jsonb('response').$type<Record<string, unknown>>(),
    /** The answer's share of full marks, 0-1 (null for answers given before shares were kept: 1 when correct). */
    share: doublePrecision('share'),
    /** Full marks (share 1). */
    correct: boolean('correct').notNull(),
    answeredAt: atNow('answered_at'),
  },
  (t) => [
    uniqueIndex('practice_answers_session_question').on(t.sessionId, t.questionId),
    index('practice_answers_user_question').on(t.userId, t.questionId),
  ],
);

/**
 * The wrong-answer book: a wrong answer puts the question in (`in_book`, streak 0); N consecutive correct answers
 * (`correct_streak`, N an organisation setting, 0 = never) take it out; a wrong answer resets the streak.
 */
export const wrongBookEntries = pgTable(
  'wrong_book_entries',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    inBook: boolean('in_book').notNull().default(true),
    wrongCount: integer('wrong_count').notNull().default(0),
    correctStreak: integer('correct_streak').notNull().default(0),
    lastWrongAt: atNow('last_wrong_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('wrong_book_entries_site_user').on(t.siteId, t.userId, t.inBook),
  ],
);

/** Questions a learner collected (`/trainingcamp/mycollect`). */
export const questionCollections = pgTable(
  'question_collections',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.questionId] }),
    index('question_collections_site_user').on(t.siteId, t.userId),
  ],
);

/** A batch of activation codes (`/dataset-cdkey/...`): first and second level category, price, count, validity. */
export const cdkeyBatches = pgTable(
  'cdkey_batches',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    categoryId: ref('category_id')
      .notNull()
      .references(() => questionCategories.id, { onDelete: 'restrict' }),
    subCategoryId: ref('sub_category_id').references(() => questionCategories.id, { onDelete: 'restrict' }),
    /** Price of one code in cents. */
    unitPriceCents: integer('unit_price_cents').notNull().default(0),
    count: integer('count').notNull(),
    validFrom: at('valid_from').notNull(),
    validUntil: at('valid_until').notNull(),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('cdkey_batches_site').on(t.siteId, t.id)],
);

/** One code: redeemed once (`redeemed_by` set in a conditional update), or disabled. */
export const cdkeys = pgTable(
  'cdkeys',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    batchId: ref('batch_id')
      .notNull()
      .references(() => cdkeyBatches.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 32 }).notNull(),
    status: varchar('status', { length: 16 }).$type<'active' | 'disabled'>().notNull().default('active'),
    redeemedBy: ref('redeemed_by').references(() => users.id, { onDelete: 'set null' }),
    redeemedAt: at('redeemed_at'),
  },
  (t) => [uniqueIndex('cdkeys_code').on(t.code), index('cdkeys_batch').on(t.batchId, t.id)],
);

/** A learner unlocked a category (by redeeming a code): sets locked to it may be joined. */
export const categoryUnlocks = pgTable(
  'category_unlocks',
  {
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id')
      .notNull()
      .references(() => questionCategories.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    cdkeyId: ref('cdkey_id').references(() => cdkeys.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.categoryId] })],
);
