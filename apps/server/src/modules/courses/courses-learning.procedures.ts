import { courseLearningProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { registerUserStat } from '../../platform/user-stat.ts';
import { registerTodoSource } from '../todo/index.ts';
import { dueCourseTasks, myCourses, studentCourseHome } from './course-learning.queries.ts';
import { courseSelfTest } from './course-self-test.queries.ts';
import { reportTaskProgress } from './report-task-progress.service.ts';
import { submitCourseSelfTest } from './submit-course-self-test.service.ts';

// The to-do panel lists, and the heartbeat counts, the caller's course tasks due within 7 days or overdue.
registerTodoSource(async (ctx) => {
  if (ctx.session.siteId === null) return {};
  return { course_task_list: await dueCourseTasks(ctx.db, ctx.session.siteId, ctx.session.userId) };
});
registerUserStat('course_task_count', async (deps, session) =>
  session.siteId === null ? 0 : (await dueCourseTasks(deps.db, session.siteId, session.userId)).length,
);

/** Courses, the student's side. */
export const courseLearningImplementations = [
  implement(p.courseMyList, async (input, ctx) => {
    const { list, total } = await myCourses(ctx.db, ctx.session.siteId, ctx.session.userId, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.courseHome, async (input, ctx) =>
    studentCourseHome(ctx.db, ctx.session.siteId, ctx.session.userId, input.id),
  ),
  implement(p.courseTaskProgress, async (input, ctx) => reportTaskProgress(ctx, input)),
  implement(p.courseSelfTest, async (input, ctx) => courseSelfTest(ctx, input.task_id)),
  implement(p.courseSelfTestSubmit, async (input, ctx) => submitCourseSelfTest(ctx, input)),
];
