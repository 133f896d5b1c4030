import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZAnswerResponse, ZQuestionSpec } from '../question-answers.ts';
import { COURSE_LIMITS } from './courses.ts';
import { ZExamPaperQuestion } from './exam-taking.ts';

/**
 * The self-test of a material task (`/trainingcamp/material-self-exam?task_id=`, docs/courses.md): the task's
 * questions without their keys, answered all at once and graded by the exams' grading; the student's attempts, best
 * and last score are kept. Retakes are free and it never changes the course score. Only a student who may see the
 * task's material (online course of their class, task available or done) takes it; anyone else answers not_found.
 */
const ZId = z.number().int().positive();

/** A student's figures on a material's self-test; scores 0-100, null before a first attempt. */
export const ZCourseSelfTestFigures = z.object({
  question_count: z.number().int(),
  attempts: z.number().int(),
  best_score: z.number().nullable(),
  last_score: z.number().nullable(),
});
export type TCourseSelfTestFigures = z.infer<typeof ZCourseSelfTestFigures>;

/** A question of a self-test: `points` is its share of 100 (every question weighs the same). */
export const ZCourseSelfTestQuestion = ZExamPaperQuestion;
export type TCourseSelfTestQuestion = z.infer<typeof ZCourseSelfTestQuestion>;

export const ZCourseSelfTest = ZCourseSelfTestFigures.extend({
  task: z.object({ id: z.number().int(), title: z.string(), course_id: z.number().int(), course_name: z.string() }),
  questions: z.array(ZCourseSelfTestQuestion),
});
export type TCourseSelfTest = z.infer<typeof ZCourseSelfTest>;

/** One answer: `chosen` (option positions) for choices, `response` for the other types; unanswered ones are left out. */
export const ZCourseSelfTestAnswer = z.object({
  question_id: ZId,
  chosen: z.array(z.number().int().min(0).max(25)).max(26).optional(),
  response: ZAnswerResponse.optional(),
});

export const COURSE_SELF_TEST_VERDICTS = ['right', 'partly', 'wrong'] as const;

export const ZCourseSelfTestResult = ZCourseSelfTestFigures.extend({
  /** This attempt's score, 0-100 (2 decimals): the questions' shares of full marks, averaged. */
  score: z.number(),
  right_count: z.number().int(),
  questions: z.array(
    ZCourseSelfTestQuestion.extend({
      chosen: z.array(z.number().int()).nullable(),
      response: ZAnswerResponse.nullable(),
      answered: z.boolean(),
      /** 0-1 of full marks; right at 1, partly above 0. */
      share: z.number(),
      verdict: z.enum(COURSE_SELF_TEST_VERDICTS),
      /** Choices: the correct options' positions; null for the other types (their key is `spec`). */
      correct_options: z.array(z.number().int()).nullable(),
      spec: ZQuestionSpec.nullable(),
      analysis: z.string(),
    }),
  ),
});
export type TCourseSelfTestResult = z.infer<typeof ZCourseSelfTestResult>;

export const courseSelfTestProcedures = {
  courseSelfTest: procedure({
    path: '/dataset-course/self-test',
    summary:
      "A material task's self-test for its student: the questions without keys, and their attempts, best and last " +
      'score. A task without questions answers course_self_test_empty, a locked one course_task_locked, another ' +
      'kind course_task_not_material.',
    input: z.object({ task_id: ZId }),
    output: ZCourseSelfTest,
    tenantIds: { task_id: 'course_task' },
  }),
  courseSelfTestSubmit: procedure({
    path: '/dataset-course/self-test-submit',
    summary:
      'Grades a self-test (the exams grading, partial credit for multiple choice): the score, each answer right, ' +
      'partly right or wrong with its key and analysis; keeps attempts, best and last score. An answer that does not ' +
      'fit its question, or names a question not in the test, answers course_self_test_answer_invalid and keeps ' +
      'nothing. It does not change the course score.',
    input: z.object({
      task_id: ZId,
      answers: z.array(ZCourseSelfTestAnswer).max(COURSE_LIMITS.selfTestQuestions),
    }),
    output: ZCourseSelfTestResult,
    tenantIds: { task_id: 'course_task' },
  }),
} as const;
