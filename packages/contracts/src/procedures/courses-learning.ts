import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { COURSE_LIMITS, ZCourseMaterial, ZCourseTaskFields, ZCourseTaskLiveRoom } from './courses.ts';
import { courseSelfTestProcedures, ZCourseSelfTestFigures } from './courses-self-test.ts';
import { ZTeachingSourceKind, ZTeachingSourceStatus } from './teaching-sources.ts';

/**
 * Courses, the student's side (`/course/student-list`, `/trainingcamp/chapters`, module 4; docs/courses.md): the
 * online courses of the caller's class, a course's home (due this week first, then the chapters with each task's
 * state), and progress reports on material. A course the caller may not see answers not_found.
 */
export const COURSE_TASK_STATES = ['locked', 'not_started', 'in_progress', 'done', 'overdue'] as const;
export const ZCourseTaskState = z.enum(COURSE_TASK_STATES);
export type TCourseTaskState = z.infer<typeof ZCourseTaskState>;

export const MY_COURSE_TABS = ['in_progress', 'finished'] as const;

const ZId = z.number().int().positive();

/** A task as its student sees it; the material is given only once the task is available. */
export const ZCourseTaskView = ZCourseTaskFields.extend({
  state: ZCourseTaskState,
  /** 0..1: how much of it the student has done (material: read share). */
  progress: z.number(),
  /** 0-100, percent of the task's own maximum; null until done. */
  score: z.number().nullable(),
  seconds_spent: z.number().int(),
  practice_set_id: z.number().int().nullable(),
  exam_id: z.number().int().nullable(),
  material: ZCourseMaterial.nullable(),
  /** A material's library file as this student may open it (through the task: /api/file/course-material/<task id>). */
  source: z
    .object({
      kind: ZTeachingSourceKind,
      file_name: z.string(),
      status: ZTeachingSourceStatus,
      failure: z.string().nullable(),
      view_url: z.string().nullable(),
      download_url: z.string(),
      duration_seconds: z.number().nullable(),
    })
    .nullable(),
  /** Where the student stopped: seconds into a video, the page of a document. */
  position: z.number(),
  /** A practice task: the student's latest unfinished session that counts for it, to continue. */
  open_session_id: z.number().int().nullable(),
  /** An interact task: its interaction, the run open now for the student's class (the live screen), and the latest
   * ended run they answered in (their result). */
  interaction_id: z.number().int().nullable(),
  open_run_id: z.number().int().nullable(),
  last_run_id: z.number().int().nullable(),
  /** A live task: its room, and for the student the room's state with what they may open. */
  live_room_id: z.number().int().nullable(),
  live_room: ZCourseTaskLiveRoom.extend({
    /** The room's recording once it is ready, while the task is theirs to open (through the task:
     * /api/file/course-material/<task id>); else null. */
    recording_url: z.string().nullable(),
    /** Seconds the student was in the room while it was live. */
    attended_seconds: z.number().int(),
  }).nullable(),
  /** A material task with a self-test: its questions and the student's attempts, best and last score. */
  self_test: ZCourseSelfTestFigures.nullable(),
});
export type TCourseTaskView = z.infer<typeof ZCourseTaskView>;

const ZMyCourseFigures = z.object({
  task_count: z.number().int(),
  done_count: z.number().int(),
  /** 0-100: tasks done of all tasks. */
  progress: z.number().int(),
  /** Σ(weight × task score) / Σ weight over weighted tasks (a task not done counts 0); null without weights. */
  score: z.number().nullable(),
  /** The end date passed, or every weighted task (every task when none is weighted) is done. */
  finished: z.boolean(),
});

export const ZMyCourseRow = ZMyCourseFigures.extend({
  id: z.number().int(),
  name: z.string(),
  cover: z.string().nullable(),
  category_name: z.string().nullable(),
  owner_name: z.string().nullable(),
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
});
export type TMyCourseRow = z.infer<typeof ZMyCourseRow>;

export const ZCourseHome = ZMyCourseFigures.extend({
  course: ZMyCourseRow.pick({
    id: true,
    name: true,
    cover: true,
    category_name: true,
    owner_name: true,
    starts_on: true,
    ends_on: true,
  }).extend({ description: z.string() }),
  /** Tasks due within the next 7 days and not done, soonest first. */
  due_this_week: z.array(ZCourseTaskView),
  chapters: z.array(
    z.object({
      id: z.number().int(),
      seq: z.number().int(),
      title: z.string(),
      starts_on: z.string().nullable(),
      ends_on: z.string().nullable(),
      tasks: z.array(ZCourseTaskView),
    }),
  ),
});
export type TCourseHome = z.infer<typeof ZCourseHome>;

export const courseLearningProcedures = {
  courseMyList: procedure({
    path: '/dataset-course/my-list',
    summary:
      "The online courses of the caller's class: `in_progress` or `finished` (end date passed, or every weighted " +
      'task done), with progress and score; keyword on names.',
    input: ZListInput.extend({ tab: z.enum(MY_COURSE_TABS).default('in_progress') }),
    output: listOutput(ZMyCourseRow),
  }),
  courseHome: procedure({
    path: '/dataset-course/home',
    summary:
      "One course of the caller's class: what is due this week first, then the chapters with each task's state " +
      '(locked, not_started, in_progress, done, overdue) and score, and the course score.',
    input: z.object({ id: ZId }),
    output: ZCourseHome,
    tenantIds: { id: 'course' },
  }),
  courseTaskProgress: procedure({
    path: '/dataset-course/task-progress',
    summary:
      'Reports reading progress on an available material task (0..1, never going back) and the seconds since the ' +
      `last report (at most ${COURSE_LIMITS.progressSeconds}, and no more than the time that passed); read to the ` +
      'end is done, a video at 0.9 watched (a video advances no faster than the time that passed). A locked task answers course_task_locked, another kind course_task_not_material.',
    input: z.object({
      task_id: ZId,
      progress: z.number().min(0).max(1),
      seconds: z.number().int().min(0).max(COURSE_LIMITS.progressSeconds).default(0),
      /** Seconds into a video, or the page of a document, to resume at. */
      position: z.number().min(0).max(1_000_000).optional(),
    }),
    output: ZCourseTaskView,
    tenantIds: { task_id: 'course_task' },
  }),
  ...courseSelfTestProcedures,
} as const;
