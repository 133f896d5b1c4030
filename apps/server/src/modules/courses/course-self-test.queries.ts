import type { TCourseSelfTest } from '@app/contracts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { keyContent, keyCount, paperLayout, shownOrder } from '../exam-taking/index.ts';
import { loadTask } from './course-content.queries.ts';
import { requireStudentCourse, studentTaskView } from './course-learning.queries.ts';
import { round2, selfTestFigures } from './course-self-test-figures.queries.ts';
import { type SelfTestQuestion, selfTestPaper } from './course-self-test-questions.queries.ts';

/**
 * A material task whose self-test the caller may take, and its questions now: the task must be one they see (else
 * not_found), a material (course_task_not_material) they may open (course_task_locked) with questions still usable
 * (course_self_test_empty).
 */
export async function requireSelfTest(ctx: TenantContext, taskId: number) {
  const { siteId, userId } = ctx.session;
  const view = await studentTaskView(ctx.db, siteId, userId, taskId);
  if (view.kind !== 'material') throw new AppError('course_task_not_material');
  if (view.state === 'locked') throw new AppError('course_task_locked');
  const task = await loadTask(ctx.db, siteId, taskId);
  const paper = await selfTestPaper(ctx.db, siteId, task.selfTestQuestionIds ?? []);
  if (paper.length === 0) throw new AppError('course_self_test_empty');
  return { task, paper };
}

/** Each question's points: an equal share of 100 (2 decimals). */
export const pointsEach = (count: number) => round2(100 / count);

/** A question as the student sees it: no key; matching and ordering items shuffled (a paper's `shownOrder`). */
export function shownSelfTestQuestion(question: SelfTestQuestion, points: number, order?: readonly number[]) {
  const keys = order ?? shownOrder(question.type, keyCount(question), false);
  return {
    id: question.id,
    type: question.type,
    stem: question.stem,
    points,
    options: keys.map((key) => ({ key, content: keyContent(question, key) ?? '' })),
    layout: paperLayout(question),
  };
}

/** `/dataset-course/self-test`: the questions without keys, and the student's figures. */
export async function courseSelfTest(ctx: TenantContext, taskId: number): Promise<TCourseSelfTest> {
  const { siteId, userId } = ctx.session;
  const { task, paper } = await requireSelfTest(ctx, taskId);
  const course = await requireStudentCourse(ctx.db, siteId, userId, task.courseId);
  const points = pointsEach(paper.length);
  return {
    ...(await selfTestFigures(ctx.db, userId, task.id, paper.length)),
    task: { id: task.id, title: task.title, course_id: task.courseId, course_name: course.name },
    questions: paper.map((question) => shownSelfTestQuestion(question, points)),
  };
}
