import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  varchar,
} from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref, updatedAt } from './columns.ts';
import { exams } from './exams.ts';
import { groups } from './groups.ts';
import { sites, users } from './iam.ts';
import { interactions } from './interactions.ts';
import { liveRooms } from './live-rooms.ts';
import { practiceSets } from './practice.ts';

/**
 * Courses (modules 4 and 5, docs/courses.md): a course of an organisation is taught by an owner and co-teachers to
 * classes, as ordered chapters (weeks) of ordered tasks; students' progress on tasks they report themselves
 * (material) is kept per task and student. Practice and exam tasks are read from the practice sessions and exam
 * attempts they point at.
 */

export type CourseStatus = 'draft' | 'online' | 'offline' | 'archived';
export type CourseTaskKind = 'material' | 'practice' | 'exam' | 'random_exam' | 'homework' | 'interact' | 'live';
export type CourseTaskRelease = 'at_open' | 'after_previous';
/** A material task's content: a web address, sanitised rich text, or a file of the teaching-source library. */
export type CourseMaterial =
  | { type: 'link'; url: string }
  | { type: 'text'; html: string }
  | { type: 'source'; source_id: number };
export type CourseTaskProgressStatus = 'started' | 'done';

/** Course categories: a tree per organisation. */
export const courseCategories = pgTable(
  'course_categories',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    parentId: ref('parent_id').references((): AnyPgColumn => courseCategories.id, { onDelete: 'restrict' }),
    name: varchar('name', { length: 32 }).notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('course_categories_site_parent').on(t.siteId, t.parentId)],
);

export const courses = pgTable(
  'courses',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    categoryId: ref('category_id').references(() => courseCategories.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 64 }).notNull(),
    /** A web address or a path of the cover picture. */
    cover: varchar('cover', { length: 512 }),
    description: varchar('description', { length: 2000 }).notNull().default(''),
    /** The teacher who owns it; null after the account is gone (managers still manage it). */
    ownerId: ref('owner_id').references(() => users.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 16 }).$type<CourseStatus>().notNull().default('draft'),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    copiedFromId: ref('copied_from_id').references((): AnyPgColumn => courses.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('courses_dates', sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    index('courses_site_status').on(t.siteId, t.status, t.id),
    index('courses_owner').on(t.ownerId),
    index('courses_category').on(t.categoryId),
  ],
);

/** Co-teachers of a course (the owner is `courses.owner_id`): `can_edit` lets them change chapters and tasks. */
export const courseTeachers = pgTable(
  'course_teachers',
  {
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    canEdit: boolean('can_edit').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.userId] }), index('course_teachers_user').on(t.userId)],
);

/** The classes (groups of kind 'class' of the same organisation) a course is taught to. */
export const courseClasses = pgTable(
  'course_classes',
  {
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    groupId: ref('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.courseId, t.groupId] }), index('course_classes_group').on(t.groupId)],
);

/** Ordered chapters of a course (`seq` 1..n), weeks by default. */
export const courseChapters = pgTable(
  'course_chapters',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    startsOn: date('starts_on', { mode: 'string' }),
    endsOn: date('ends_on', { mode: 'string' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('course_chapters_dates', sql`${t.endsOn} is null or ${t.startsOn} is null or ${t.endsOn} >= ${t.startsOn}`),
    index('course_chapters_course').on(t.courseId, t.seq),
  ],
);

/**
 * Ordered tasks of a chapter (`seq` 1..n within it). Practice tasks point at a practice set, exam and random exam
 * tasks at an exam, interact tasks at an interaction of the course, live tasks at a live room of the course (null
 * when that was deleted: the task can no longer be done); material tasks hold their content.
 */
export const courseTasks = pgTable(
  'course_tasks',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    chapterId: ref('chapter_id')
      .notNull()
      .references(() => courseChapters.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    kind: varchar('kind', { length: 16 }).$type<CourseTaskKind>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    openAt: at('open_at'),
    dueAt: at('due_at'),
    /** Share of the course score, 0-100; 0 leaves the task out of the score. */
    weight: integer('weight').notNull().default(0),
    release: varchar('release', { length: 16 }).$type<CourseTaskRelease>().notNull().default('at_open'),
    practiceSetId: ref('practice_set_id').references(() => practiceSets.id, { onDelete: 'set null' }),
    examId: ref('exam_id').references(() => exams.id, { onDelete: 'set null' }),
    interactionId: ref('interaction_id').references((): AnyPgColumn => interactions.id, { onDelete: 'set null' }),
    /** Live tasks: a live room of the course (docs/live-rooms.md; migration 0028). */
    liveRoomId: ref('live_room_id').references((): AnyPgColumn => liveRooms.id, { onDelete: 'set null' }),
    material: jsonb('material').$type<CourseMaterial | null>(),
    /** Material tasks: the questions of its self-test (docs/courses.md), in order; empty without one. */
    selfTestQuestionIds: jsonb('self_test_question_ids').$type<number[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('course_tasks_times', sql`${t.dueAt} is null or ${t.openAt} is null or ${t.dueAt} >= ${t.openAt}`),
    check('course_tasks_weight', sql`${t.weight} between 0 and 100`),
    index('course_tasks_course').on(t.courseId, t.chapterId, t.seq),
    index('course_tasks_chapter').on(t.chapterId, t.seq),
    index('course_tasks_practice_set').on(t.practiceSetId),
    index('course_tasks_exam').on(t.examId),
    index('course_tasks_interaction').on(t.interactionId),
    index('course_tasks_live_room').on(t.liveRoomId),
  ],
);

/** A student's progress on a task they report themselves (material): read share, time spent, done. */
export const courseTaskProgress = pgTable(
  'course_task_progress',
  {
    taskId: ref('task_id')
      .notNull()
      .references(() => courseTasks.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    status: varchar('status', { length: 16 }).$type<CourseTaskProgressStatus>().notNull().default('started'),
    /** 0..1 of the material read (or watched). */
    progress: real('progress').notNull().default(0),
    /** Where the student stopped: seconds into a video, the page of a document (resumes there next time). */
    position: real('position').notNull().default(0),
    /** 0-100, percent of the task's own maximum. */
    score: real('score'),
    secondsSpent: integer('seconds_spent').notNull().default(0),
    startedAt: atNow('started_at'),
    completedAt: at('completed_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('course_task_progress_course_user').on(t.courseId, t.userId),
  ],
);

/**
 * A student's self-tests on a material task's questions: attempts, the best and the last score (0-100). They do not
 * change the course score; retakes are free.
 */
export const courseSelfTests = pgTable(
  'course_self_tests',
  {
    taskId: ref('task_id')
      .notNull()
      .references(() => courseTasks.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    courseId: ref('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    bestScore: real('best_score').notNull(),
    lastScore: real('last_score').notNull(),
    lastAt: atNow('last_at'),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.userId] }),
    index('course_self_tests_course_user').on(t.courseId, t.userId),
  ],
);
