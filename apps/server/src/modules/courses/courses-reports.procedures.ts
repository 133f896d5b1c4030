import { courseReportProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { classComparison, courseClassesOfCourse } from './course-class-comparison.queries.ts';
import { courseStudentDetail } from './course-student-detail.queries.ts';

/** Course reports beside the matrix: one student of a course, a class across courses, a course across classes. */
export const courseReportImplementations = [
  implement(p.courseStudentDetail, async (input, ctx) =>
    courseStudentDetail(ctx.db, ctx.session.siteId, ctx.session, input),
  ),
  implement(p.courseClassComparison, async (input, ctx) =>
    classComparison(ctx.db, ctx.session.siteId, ctx.session, input.class_id),
  ),
  implement(p.courseClassesOfCourse, async (input, ctx) =>
    courseClassesOfCourse(ctx.db, ctx.session.siteId, ctx.session, input.course_id),
  ),
];
