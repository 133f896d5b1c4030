import { index, jsonb, pgTable, real, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';

/**
 * Experiments (docs/experiments.md): code labs graded automatically by the sandbox. Only `code` is usable so far;
 * the other kinds are refused until built. Test cases are a jsonb array on the experiment: they are always written
 * and read whole with it (edited as a list, graded as a list, never queried one by one), and bounded in count and size.
 */
export type ExperimentKind = 'code' | 'terminal' | 'flowchart' | 'cloud';
export type ExperimentStatus = 'draft' | 'published';
export type ExperimentComparison = 'exact' | 'trim' | 'tokens';

export interface ExperimentCase {
  stdin: string;
  expected: string;
  comparison: ExperimentComparison;
  weight: number;
  hidden: boolean;
}

/** Per test case (and per run): CPU and wall milliseconds, memory in MB, output in KB per stream. */
export interface ExperimentLimits {
  cpuMs: number;
  wallMs: number;
  memoryMb: number;
  outputKb: number;
}

export const experiments = pgTable(
  'experiments',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    kind: varchar('kind', { length: 16 }).$type<ExperimentKind>().notNull(),
    /** Sanitised rich text (the question bank's sanitiser). */
    instructions: text('instructions').notNull().default(''),
    language: varchar('language', { length: 16 }).notNull(),
    starterCode: text('starter_code').notNull().default(''),
    limits: jsonb('limits').$type<ExperimentLimits>().notNull(),
    cases: jsonb('cases').$type<ExperimentCase[]>().notNull().default([]),
    status: varchar('status', { length: 16 }).$type<ExperimentStatus>().notNull().default('draft'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('experiments_site').on(t.siteId, t.id)],
);

export type ExperimentSubmissionKind = 'run' | 'submit';
export type ExperimentSubmissionStatus = 'queued' | 'running' | 'done' | 'failed';

/** A learner's run (their own stdin, not graded) or submit (graded against every case), worked by the queue. */
export const experimentSubmissions = pgTable(
  'experiment_submissions',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    experimentId: ref('experiment_id')
      .notNull()
      .references(() => experiments.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<ExperimentSubmissionKind>().notNull(),
    language: varchar('language', { length: 16 }).notNull(),
    code: text('code').notNull(),
    /** Runs only: the learner's own input. */
    stdin: text('stdin'),
    status: varchar('status', { length: 16 }).$type<ExperimentSubmissionStatus>().notNull().default('queued'),
    /** The grader's result (submit) or the run's outcome (run); for failed, `{ message }`. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    score: real('score'),
    maxScore: real('max_score'),
    createdAt: createdAt(),
    startedAt: at('started_at'),
    finishedAt: at('finished_at'),
  },
  (t) => [
    index('experiment_submissions_user').on(t.experimentId, t.userId, t.id),
    index('experiment_submissions_site_status').on(t.siteId, t.status, t.id),
  ],
);
