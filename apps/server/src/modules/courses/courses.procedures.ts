import { courseProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { changeCourseStatus } from './change-course-status.service.ts';
import { copyCourse } from './copy-course.service.ts';
import { courseDetail, listCourses } from './courses.queries.ts';
import { deleteCourse } from './delete-course.service.ts';
import { createCourse, updateCourse } from './save-course.service.ts';
import { setCourseClasses } from './set-course-classes.service.ts';
import { setCourseTeachers } from './set-course-teachers.service.ts';
import { transferCourse } from './transfer-course.service.ts';

/** Courses, the teacher's and manager's side. */
export const courseImplementations = [
  implement(p.courseList, async (input, ctx) => {
    const { list, total } = await listCourses(ctx.db, ctx.session.siteId, ctx.session, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.courseDetail, async (input, ctx) => courseDetail(ctx.db, ctx.session.siteId, ctx.session, input.id)),
  implement(p.courseCreate, async (input, ctx) => createCourse(ctx, input)),
  implement(p.courseUpdate, async (input, ctx) => updateCourse(ctx, input)),
  implement(p.courseDelete, async (input, ctx) => deleteCourse(ctx, input.id)),
  implement(p.courseOnline, async (input, ctx) => changeCourseStatus(ctx, input.id, 'online')),
  implement(p.courseOffline, async (input, ctx) => changeCourseStatus(ctx, input.id, 'offline')),
  implement(p.courseArchive, async (input, ctx) => changeCourseStatus(ctx, input.id, 'archived')),
  implement(p.courseCopy, async (input, ctx) => copyCourse(ctx, input.id)),
  implement(p.courseTeachersSet, async (input, ctx) => setCourseTeachers(ctx, input)),
  implement(p.courseClassesSet, async (input, ctx) => setCourseClasses(ctx, input)),
  implement(p.courseTransfer, async (input, ctx) => transferCourse(ctx, input)),
];
