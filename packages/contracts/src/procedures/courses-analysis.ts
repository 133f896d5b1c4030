import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZCourseTaskFields } from './courses.ts';
import { ZCourseTaskState } from './courses-learning.ts';
import { ZFilePayload } from './members.ts';

/**
 * Course analysis, the teacher's side (`/trainingcamp/trainstat`; docs/courses.md "Analysis"): the class × task
 * matrix of a course — every student of its classes against every task, with each cell's state and score as the
 * student sees them — and its xlsx export. Whoever may view the course (manager, owner, co-teachers) may read it.
 */
export const COURSE_MATRIX_FILTERS = ['all', 'behind', 'overdue', 'not_started'] as const;

const ZId = z.number().int().positive();

export const ZCourseMatrixInput = ZListInput.extend({
  course_id: ZId,
  /** One class of the course; all of its classes when absent. */
  class_id: ZId.optional(),
  /**
   * `behind`: fewer tasks done than tasks already due; `overdue`: a task past its due time not done; `not_started`:
   * nothing started yet.
   */
  filter: z.enum(COURSE_MATRIX_FILTERS).default('all'),
});

/** One cell: the task's state for the student, and its score (0-100) once done. */
export const ZCourseMatrixCell = z.object({ state: ZCourseTaskState, score: z.number().nullable() });

export const ZCourseMatrixRow = z.object({
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  class_id: z.number().int(),
  class_name: z.string(),
  done_count: z.number().int(),
  overdue_count: z.number().int(),
  /** 0-100: tasks done of all tasks. */
  progress: z.number().int(),
  score: z.number().nullable(),
  seconds_spent: z.number().int(),
  /** In the order of `tasks`. */
  cells: z.array(ZCourseMatrixCell),
});
export type TCourseMatrixRow = z.infer<typeof ZCourseMatrixRow>;

export const ZCourseMatrix = listOutput(ZCourseMatrixRow).extend({
  /** Every task of the course in course order (chapter, then task), with its chapter's number. */
  tasks: z.array(ZCourseTaskFields.extend({ chapter_seq: z.number().int() })),
  /** The classes of the course, for the class filter. */
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), student_count: z.number().int() })),
});
export type TCourseMatrix = z.infer<typeof ZCourseMatrix>;

export const courseAnalysisProcedures = {
  courseMatrix: procedure({
    path: '/dataset-course/matrix',
    summary:
      "A course's class × task matrix: its students (of one class or all of its classes; keyword on username and " +
      "name; filtered to those behind, overdue or not started) by username, each with every task's state and score, " +
      'tasks done and overdue, progress, course score and time spent.',
    input: ZCourseMatrixInput,
    output: ZCourseMatrix,
    tenantIds: { course_id: 'course', class_id: 'group' },
  }),
  courseMatrixExport: procedure({
    path: '/dataset-course/matrix-export',
    summary:
      'The matrix as an xlsx file (base64): a row per student of the selection (no paging) with class, progress, ' +
      'course score and a column per task (its score when done, else its state).',
    input: ZCourseMatrixInput.omit({ page: true, pageSize: true }),
    output: ZFilePayload,
    tenantIds: { course_id: 'course', class_id: 'group' },
  }),
} as const;
