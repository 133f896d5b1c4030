import { z } from 'zod';
import { procedure } from '../procedure.ts';
import {
  COURSE_LIMITS,
  ZCourseChapter,
  ZCourseDate,
  ZCourseDetail,
  ZCourseMaterial,
  ZCourseMoment,
  ZCourseTask,
  ZCourseTaskKind,
  ZCourseTaskRelease,
} from './courses.ts';

/**
 * A course's chapters and tasks (`/course/createTasks`, module 5): the owner, managers and co-teachers who may edit
 * change them (others answer course_edit_denied); an archived course is read-only (course_archived). Chapters and
 * tasks are numbered 1..n in order (`seq`); deleting one that students have worked on needs `force`.
 */
const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZPosition = z.number().int().min(1).max(1000);

export const ZCourseChapterInput = z.object({
  /** Absent: a new chapter at the end. */
  id: ZId.optional(),
  course_id: ZId,
  title: z.string().trim().min(1, 'validation.required').max(COURSE_LIMITS.chapterTitle, 'validation.too_long'),
  starts_on: ZCourseDate.nullable().default(null),
  ends_on: ZCourseDate.nullable().default(null),
});

export const ZCourseTaskInput = z.object({
  /** Absent: a new task at the end of the chapter; present: the task changes (and moves to the end of this chapter
   * when it is another one of the same course). */
  id: ZId.optional(),
  chapter_id: ZId,
  kind: ZCourseTaskKind,
  title: z.string().trim().min(1, 'validation.required').max(COURSE_LIMITS.taskTitle, 'validation.too_long'),
  open_at: ZCourseMoment.nullable().default(null),
  due_at: ZCourseMoment.nullable().default(null),
  weight: z.number().int().min(0).max(100).default(0),
  release: ZCourseTaskRelease.default('at_open'),
  /** Practice tasks: a practice set of the organisation. */
  practice_set_id: ZId.nullable().default(null),
  /** Exam tasks (a fixed paper) and random exam tasks (a random paper): an exam of the organisation. */
  exam_id: ZId.nullable().default(null),
  /** Interact tasks: an interaction of the same course (docs/interactions.md). */
  interaction_id: ZId.nullable().default(null),
  /** Live tasks: a live room of the same course (docs/live-rooms.md). */
  live_room_id: ZId.nullable().default(null),
  /** Material tasks: a web address or rich text. */
  material: ZCourseMaterial.nullable().default(null),
  /** Material tasks: the self-test's questions (the organisation's passed machine-graded ones, or the editor's
   * own), in order; other kinds take none. */
  self_test_question_ids: z.array(ZId).max(COURSE_LIMITS.selfTestQuestions).default([]),
});
export type TCourseTaskInput = z.input<typeof ZCourseTaskInput>;

export const courseContentProcedures = {
  courseChapterAddWeeks: procedure({
    path: '/dataset-course/chapter-add-weeks',
    summary:
      'Adds `count` weekly chapters after the last one, titled by `title_pattern` with `{n}` replaced by the week ' +
      'number (the client sends "第 {n} 周" or "Week {n}"); with a course start date, week n runs from start + ' +
      '7(n-1) days for 7 days.',
    input: z.object({
      course_id: ZId,
      count: z.number().int().min(1).max(COURSE_LIMITS.weeksPerCall),
      title_pattern: z
        .string()
        .trim()
        .min(1, 'validation.required')
        .max(COURSE_LIMITS.chapterTitle, 'validation.too_long'),
    }),
    output: ZCourseDetail,
    tenantIds: { course_id: 'course' },
  }),
  courseChapterSave: procedure({
    path: '/dataset-course/chapter-save',
    summary: 'Creates a chapter at the end of the course, or renames and re-dates one (ends_on >= starts_on).',
    input: ZCourseChapterInput,
    output: ZCourseChapter,
    tenantIds: { id: 'course_chapter', course_id: 'course' },
  }),
  courseChapterDelete: procedure({
    path: '/dataset-course/chapter-delete',
    summary:
      'Deletes a chapter with its tasks; when students have worked on them it answers course_work_exists unless ' +
      '`force`. The chapters after it move up.',
    input: z.object({ id: ZId, force: z.boolean().default(false) }),
    output: ZOk,
    tenantIds: { id: 'course_chapter' },
  }),
  courseChapterMove: procedure({
    path: '/dataset-course/chapter-move',
    summary: 'Moves a chapter to a position (1 = first; past the end = last); the others keep their order.',
    input: z.object({ id: ZId, to_seq: ZPosition }),
    output: ZOk,
    tenantIds: { id: 'course_chapter' },
  }),
  courseTaskSave: procedure({
    path: '/dataset-course/task-save',
    summary:
      'Creates or changes a task (due_at >= open_at). Practice tasks need a practice set, exam tasks a fixed-paper ' +
      'exam, random exam tasks a random-paper one, homework tasks a homework, interact tasks an interaction of the ' +
      'course, live tasks a live room of the course, material tasks a link, text or teaching source ' +
      '(course_task_source_wrong) and up to 30 self-test questions (course_self_test_question_unusable).',
    input: ZCourseTaskInput,
    output: ZCourseTask,
    tenantIds: {
      id: 'course_task',
      chapter_id: 'course_chapter',
      practice_set_id: 'practice_set',
      exam_id: 'exam',
      interaction_id: 'interaction',
      live_room_id: 'live_room',
      self_test_question_ids: 'question',
    },
  }),
  courseTaskDelete: procedure({
    path: '/dataset-course/task-delete',
    summary: 'Deletes a task; when students have worked on it, course_work_exists unless `force`.',
    input: z.object({ id: ZId, force: z.boolean().default(false) }),
    output: ZOk,
    tenantIds: { id: 'course_task' },
  }),
  courseTaskMove: procedure({
    path: '/dataset-course/task-move',
    summary: 'Moves a task to a position of a chapter of the same course (1 = first; past the end = last).',
    input: z.object({ id: ZId, chapter_id: ZId, to_seq: ZPosition }),
    output: ZOk,
    tenantIds: { id: 'course_task', chapter_id: 'course_chapter' },
  }),
} as const;
