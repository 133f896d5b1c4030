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

export const COURSE_RANKING_SORTS = ['score', 'progress', 'seconds_spent', 'overdue_count'] as const;

export const ZCourseRankingInput = ZListInput.extend({
  course_id: ZId,
  class_id: ZId.optional(),
  sort: z.enum(COURSE_RANKING_SORTS).default('score'),
  order: z.enum(['asc', 'desc']).default('desc'),
});

/** A student in the ranking: the matrix's figures without the cells, and the rank by course score (ties share). */
export const ZCourseRankingRow = ZCourseMatrixRow.omit({ cells: true }).extend({
  rank: z.number().int().nullable(),
  behind: z.boolean(),
});
export type TCourseRankingRow = z.infer<typeof ZCourseRankingRow>;

/** A band of a distribution: `from`-`to` inclusive (course score or progress, 0-100) and its students. */
export const ZCourseBand = z.object({ from: z.number().int(), to: z.number().int(), count: z.number().int() });

export const ZCourseRanking = listOutput(ZCourseRankingRow).extend({
  classes: ZCourseMatrix.shape.classes,
  summary: z.object({
    student_count: z.number().int(),
    /** Students with a course score (at least one weighted task done). */
    scored_count: z.number().int(),
    average_score: z.number().nullable(),
    median_score: z.number().nullable(),
    /** Of the scored students, those at 60 or more. */
    pass_count: z.number().int(),
    average_progress: z.number().nullable(),
    behind_count: z.number().int(),
    not_started_count: z.number().int(),
  }),
  score_bands: z.array(ZCourseBand),
  progress_bands: z.array(ZCourseBand),
});
export type TCourseRanking = z.infer<typeof ZCourseRanking>;

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
  courseRanking: procedure({
    path: '/dataset-course/ranking',
    summary:
      "A course's students analysed (`/teacher/course/analysisStudents`): each with rank by course score, progress, " +
      'time spent and overdue tasks, sorted by any of them; the distributions of course score and progress and ' +
      'the averages, of the whole selection (one class or all of the course).',
    input: ZCourseRankingInput,
    output: ZCourseRanking,
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
