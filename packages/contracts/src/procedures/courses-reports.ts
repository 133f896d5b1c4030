import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZCourseStatus, ZCourseTaskFields } from './courses.ts';
import { ZCourseTaskState } from './courses-learning.ts';
import { ZCourseSelfTestFigures } from './courses-self-test.ts';

/**
 * Course reports, the teacher's side beside the matrix (docs/courses.md "Per-student detail and class comparison"):
 * one student of a course (`/course/user/detail/{tab}/{id}`: every task as the student sees it, attempts, and the
 * questions answered wrong by knowledge node), one class across its courses (`/trainingcamp/group-course-analysis`)
 * and one course across its classes (`/trainingcamp/groupAnalysis`). Figures come from the same outcomes as the
 * matrix; whoever may view a course may read them.
 */

const ZId = z.number().int().positive();

/** A student of a course, with the class they follow it in. */
export const ZCourseReportStudent = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  class_id: z.number().int(),
  class_name: z.string(),
});

/** One task of the student: its state and score as they see them, the time spent on it, and their attempts. */
export const ZCourseStudentTask = ZCourseTaskFields.extend({
  chapter_seq: z.number().int(),
  chapter_title: z.string(),
  state: ZCourseTaskState,
  /** 0..1 (material: the share read). */
  progress: z.number(),
  /** 0-100 once done: the best practice session or graded exam attempt (docs/courses.md "Completion"). */
  score: z.number().nullable(),
  seconds_spent: z.number().int(),
  /** Practice sessions that count for the task (started at or after its open time), exam attempts, runs of the
   * interaction the student answered in, or stays in the live room. */
  attempt_count: z.number().int(),
  /** Of those, the finished sessions, submitted attempts, ended runs or stays that ended. */
  finished_count: z.number().int(),
  /** Exam and homework tasks: the latest submitted attempt, for its answers (`/trainingcamp/stuExamDetail`). */
  last_attempt_id: z.number().int().nullable(),
  /** Interact tasks: the latest ended run the student answered in, for its detail (`/course/interact/detail`). */
  last_run_id: z.number().int().nullable(),
  /** A material task with a self-test: its questions and the student's attempts, best and last score. */
  self_test: ZCourseSelfTestFigures.nullable(),
});
export type TCourseStudentTask = z.infer<typeof ZCourseStudentTask>;

/** A question the student answered wrong, its stem cut short, and how many times. */
export const ZCourseWrongQuestion = z.object({ id: z.number().int(), stem: z.string(), wrong_count: z.number().int() });

/** The wrong questions of one knowledge node (node null: questions linked to no node). */
export const ZCourseWrongNode = z.object({
  node_id: z.number().int().nullable(),
  node_name: z.string().nullable(),
  map_name: z.string().nullable(),
  /** Distinct questions answered wrong. */
  question_count: z.number().int(),
  /** Wrong answers given to them. */
  wrong_count: z.number().int(),
  /** The most often wrong first, at most COURSE_WRONG_QUESTIONS_SHOWN. */
  questions: z.array(ZCourseWrongQuestion),
});
export type TCourseWrongNode = z.infer<typeof ZCourseWrongNode>;

/** Questions listed per node (the count says how many there are). */
export const COURSE_WRONG_QUESTIONS_SHOWN = 50;
/** Characters of a stem shown. */
export const COURSE_WRONG_STEM_LENGTH = 80;

export const ZCourseStudentDetail = z.object({
  course: z.object({ id: z.number().int(), name: z.string(), status: ZCourseStatus }),
  student: ZCourseReportStudent,
  figures: z.object({
    task_count: z.number().int(),
    done_count: z.number().int(),
    overdue_count: z.number().int(),
    /** 0-100: tasks done of all tasks. */
    progress: z.number().int(),
    score: z.number().nullable(),
    seconds_spent: z.number().int(),
  }),
  /** Every task in course order (chapter, then task). */
  tasks: z.array(ZCourseStudentTask),
  /**
   * Questions answered wrong in the practice sessions and submitted exam attempts that count for the course's
   * practice and exam tasks, per knowledge node (a question of two nodes is in both), most wrong questions first.
   */
  wrong: z.object({
    question_count: z.number().int(),
    wrong_count: z.number().int(),
    nodes: z.array(ZCourseWrongNode),
  }),
});
export type TCourseStudentDetail = z.infer<typeof ZCourseStudentDetail>;

/** A group of a course's students (a class, or all of them): the matrix's figures summed up. */
export const ZCourseGroupFigures = z.object({
  student_count: z.number().int(),
  task_count: z.number().int(),
  /** Mean of the students' progress (0-100); null without students. */
  avg_progress: z.number().nullable(),
  /** Mean of the students' course scores; null without students or without weighted tasks. */
  avg_score: z.number().nullable(),
  /** Students with fewer tasks done than tasks already due (the matrix's `behind`). */
  behind_count: z.number().int(),
  /** Overdue tasks summed over the students (a task two students left overdue counts twice). */
  overdue_count: z.number().int(),
});
export type TCourseGroupFigures = z.infer<typeof ZCourseGroupFigures>;

export const ZCourseReportClass = z.object({ id: z.number().int(), name: z.string(), student_count: z.number().int() });

export const ZCourseClassComparison = z.object({
  /** The classes the caller may compare: those of their courses (a manager: every class of the organisation). */
  classes: z.array(ZCourseReportClass),
  /** The chosen class; null when none was asked for. */
  class: ZCourseReportClass.nullable(),
  /** The courses taught to it that the caller may view, newest first, each with the class's figures. */
  courses: z.array(
    ZCourseGroupFigures.extend({
      id: z.number().int(),
      name: z.string(),
      status: ZCourseStatus,
      starts_on: z.string().nullable(),
      ends_on: z.string().nullable(),
    }),
  ),
});
export type TCourseClassComparison = z.infer<typeof ZCourseClassComparison>;

export const ZCourseClassesOfCourse = z.object({
  course: z.object({ id: z.number().int(), name: z.string(), status: ZCourseStatus }),
  /** Each class of the course by name, with its figures. */
  classes: z.array(ZCourseGroupFigures.extend({ id: z.number().int(), name: z.string() })),
  /** Every student of the course's classes together. */
  all: ZCourseGroupFigures,
});
export type TCourseClassesOfCourse = z.infer<typeof ZCourseClassesOfCourse>;

export const courseReportProcedures = {
  courseStudentDetail: procedure({
    path: '/dataset-course/student-detail',
    summary:
      'One student of a course: class, figures (tasks done, progress, course score, time spent), every task in course ' +
      'order with its state and score as the student sees them, time spent and attempts, and the questions answered ' +
      "wrong in the course's practice and exams by knowledge node. A user who is no student of its classes: not_found.",
    input: z.object({ course_id: ZId, user_id: ZId }),
    output: ZCourseStudentDetail,
    tenantIds: { course_id: 'course', user_id: 'user' },
  }),
  courseClassComparison: procedure({
    path: '/dataset-course/class-comparison',
    summary:
      'One class across the courses taught to it that the caller may view: students, average progress and score, ' +
      'students behind and overdue tasks per course; with the classes the caller may choose (class_id absent: only them).',
    input: z.object({ class_id: ZId.optional() }),
    output: ZCourseClassComparison,
    tenantIds: { class_id: 'group' },
  }),
  courseClassesOfCourse: procedure({
    path: '/dataset-course/course-class-comparison',
    summary:
      "One course's classes side by side: students, average progress and score, students behind and overdue tasks " +
      'per class, and for all of them together.',
    input: z.object({ course_id: ZId }),
    output: ZCourseClassesOfCourse,
    tenantIds: { course_id: 'course' },
  }),
} as const;
