import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, updatedAt } from './columns.ts';
import { courses } from './courses.ts';
import { sites, users } from './iam.ts';

/**
 * The question bank (module 10, content management): a category tree per organisation, questions with their
 * review status and edit history, knowledge maps with node trees and labels, and learners' corrections and
 * feedback. Practice, exams and courses draw passed questions from here.
 */

/** unreviewed -> passed | failed (with a reason); any edit of a question sends it back to unreviewed. */
export type ReviewStatus = 'unreviewed' | 'passed' | 'failed';
export type QuestionType =
  | 'single'
  | 'multiple'
  | 'judge'
  | 'blank'
  | 'short'
  | 'essay'
  | 'matching'
  | 'ordering'
  | 'numerical';
export type Difficulty = 'easy' | 'medium' | 'hard';

/** One option as stored: A-F by position; `content` is sanitised HTML. */
export interface QuestionOption {
  content: string;
  correct: boolean;
}

/** The contracts' `TQuestionSpec`, as stored (the db package does not import the contracts). */
export type QuestionSpec = Record<string, unknown>;

export const questionCategories = pgTable(
  'question_categories',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => questionCategories.id, { onDelete: 'restrict' }),
    /**
     * A teacher's private category (`/self-data/category`, migration 0021): seen and used only by its owner, its
     * questions outside the organisation's bank and review queue until submitted (moved to one of its categories).
     */
    ownerId: ref('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    sort: integer('sort').notNull().default(0),
    reviewStatus: varchar('review_status', { length: 16 }).$type<ReviewStatus>().notNull().default('unreviewed'),
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('question_categories_site_parent').on(t.siteId, t.parentId, t.sort),
    index('question_categories_owner').on(t.ownerId).where(sql`${t.ownerId} is not null`),
  ],
);

export const questions = pgTable(
  'questions',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id')
      .notNull()
      .references(() => questionCategories.id, { onDelete: 'restrict' }),
    type: varchar('type', { length: 16 }).$type<QuestionType>().notNull(),
    /** Sanitised HTML. */
    stem: text('stem').notNull(),
    /** The stem without markup: keyword search and similar-question detection (trigram index). */
    stemText: text('stem_text').notNull(),
    /**
     * Character bigrams of the stem's words (`question_grams`, migration 0010): keyword search narrows on them
     * with the GIN index before the exact ILIKE, which works for two-character Chinese keywords too.
     */
    searchGrams: text('search_grams').array().notNull().generatedAlwaysAs(sql`question_grams(stem_text)`),
    options: jsonb('options').$type<QuestionOption[]>().notNull(),
    /** The key of the types that are not choices (`TQuestionSpec` of the contracts); null for choices. */
    spec: jsonb('spec').$type<QuestionSpec>(),
    analysis: text('analysis').notNull().default(''),
    difficulty: varchar('difficulty', { length: 8 }).$type<Difficulty>().notNull().default('medium'),
    source: varchar('source', { length: 100 }).notNull().default(''),
    setter: varchar('setter', { length: 50 }).notNull().default(''),
    reviewStatus: varchar('review_status', { length: 16 }).$type<ReviewStatus>().notNull().default('unreviewed'),
    reviewReason: varchar('review_reason', { length: 200 }).notNull().default(''),
    reviewedBy: ref('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: at('reviewed_at'),
    /** Answers given by learners (practice, exams) and how many were right: the error-prone list. */
    answerCount: integer('answer_count').notNull().default(0),
    correctCount: integer('correct_count').notNull().default(0),
    /** Bumped on every edit; the edit history keeps each version. */
    version: integer('version').notNull().default(1),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: ref('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('questions_site_category').on(t.siteId, t.categoryId, t.id),
    // The list's filters: counts over them are index-only scans.
    index('questions_site_filters').on(t.siteId, t.reviewStatus, t.type, t.difficulty, t.categoryId),
    index('questions_site_creator').on(t.siteId, t.createdBy, t.id),
    index('questions_stem_trgm').using('gin', sql`${t.stemText} gin_trgm_ops`),
    index('questions_search_grams').using('gin', t.searchGrams),
    index('questions_site_updated').on(t.siteId, t.updatedAt.desc(), t.id.desc()),
  ],
);

/** The edit history (`/dataset/datarecords`): every create, edit, review and import, with the version after it. */
export const questionRecords = pgTable(
  'question_records',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    action: varchar('action', { length: 24 }).notNull(),
    version: integer('version').notNull(),
    /** The question's fields after the action. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    reason: varchar('reason', { length: 200 }).notNull().default(''),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('question_records_question').on(t.questionId, t.id)],
);

/** Searches people ran over the bank (`/dataset/data-search-record`). */
export const questionSearchRecords = pgTable(
  'question_search_records',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    keyword: varchar('keyword', { length: 100 }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    resultCount: integer('result_count').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('question_search_records_site').on(t.siteId, t.id)],
);

export const knowledgeLabels = pgTable(
  'knowledge_labels',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    color: varchar('color', { length: 7 }).notNull().default('#1677ff'),
    description: varchar('description', { length: 200 }).notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('knowledge_labels_site_name').on(t.siteId, t.name)],
);

export const knowledgeMaps = pgTable(
  'knowledge_maps',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    description: varchar('description', { length: 200 }).notNull().default(''),
    categoryId: ref('category_id').references(() => questionCategories.id, { onDelete: 'set null' }),
    /**
     * A map made for a course (`/teacher/dataset/mapCreate`, migration 0024): edited by the course's teachers who
     * may edit it and by managers besides content managers; still a map of the organisation for everything else.
     */
    courseId: ref('course_id').references((): AnyPgColumn => courses.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(true),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('knowledge_maps_site_name').on(t.siteId, t.name),
    index('knowledge_maps_course').on(t.courseId).where(sql`${t.courseId} is not null`),
  ],
);

export const knowledgeNodes = pgTable(
  'knowledge_nodes',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    mapId: ref('map_id')
      .notNull()
      .references(() => knowledgeMaps.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => knowledgeNodes.id, { onDelete: 'cascade' }),
    code: varchar('code', { length: 50 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    skill: varchar('skill', { length: 100 }).notNull().default(''),
    content: text('content').notNull().default(''),
    knowledgePoints: jsonb('knowledge_points').$type<string[]>().notNull().default([]),
    /** 1 (low) to 5 (high). */
    importance: smallint('importance').notNull().default(3),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('knowledge_nodes_map_code').on(t.mapId, t.code),
    index('knowledge_nodes_map_parent').on(t.mapId, t.parentId, t.sort),
  ],
);

export const questionNodes = pgTable(
  'question_nodes',
  {
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    nodeId: ref('node_id')
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.nodeId] }), index('question_nodes_node').on(t.nodeId)],
);

export const questionLabels = pgTable(
  'question_labels',
  {
    questionId: ref('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    labelId: ref('label_id')
      .notNull()
      .references(() => knowledgeLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.labelId] }), index('question_labels_label').on(t.labelId)],
);

export const nodeLabels = pgTable(
  'node_labels',
  {
    nodeId: ref('node_id')
      .notNull()
      .references(() => knowledgeNodes.id, { onDelete: 'cascade' }),
    labelId: ref('label_id')
      .notNull()
      .references(() => knowledgeLabels.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.nodeId, t.labelId] }), index('node_labels_label').on(t.labelId)],
);

/**
 * Learners' reports: a correction names a question and says what is wrong; feedback may name one or none.
 * Content managers accept (and edit the question) or decline, with a reply the reporter sees.
 */
export const questionReports = pgTable(
  'question_reports',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16 }).$type<'correction' | 'feedback'>().notNull(),
    questionId: ref('question_id').references(() => questions.id, { onDelete: 'cascade' }),
    userId: ref('user_id').references(() => users.id, { onDelete: 'set null' }),
    content: varchar('content', { length: 1000 }).notNull(),
    status: varchar('status', { length: 16 }).$type<'pending' | 'accepted' | 'declined'>().notNull().default('pending'),
    reply: varchar('reply', { length: 500 }).notNull().default(''),
    handledBy: ref('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handledAt: at('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('question_reports_site_status').on(t.siteId, t.kind, t.status, t.id),
    index('question_reports_user').on(t.userId, t.id),
  ],
);
