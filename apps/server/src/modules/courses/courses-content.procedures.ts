import { courseContentProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { addCourseWeeks } from './add-course-weeks.service.ts';
import { deleteCourseChapter } from './delete-course-chapter.service.ts';
import { deleteCourseTask } from './delete-course-task.service.ts';
import { moveCourseChapter } from './move-course-chapter.service.ts';
import { moveCourseTask } from './move-course-task.service.ts';
import { saveCourseChapter } from './save-course-chapter.service.ts';
import { saveCourseTask } from './save-course-task.service.ts';

/** A course's chapters and tasks (editors). */
export const courseContentImplementations = [
  implement(p.courseChapterAddWeeks, async (input, ctx) => addCourseWeeks(ctx, input)),
  implement(p.courseChapterSave, async (input, ctx) => saveCourseChapter(ctx, input)),
  implement(p.courseChapterDelete, async (input, ctx) => deleteCourseChapter(ctx, input)),
  implement(p.courseChapterMove, async (input, ctx) => moveCourseChapter(ctx, input)),
  implement(p.courseTaskSave, async (input, ctx) => saveCourseTask(ctx, input)),
  implement(p.courseTaskDelete, async (input, ctx) => deleteCourseTask(ctx, input)),
  implement(p.courseTaskMove, async (input, ctx) => moveCourseTask(ctx, input)),
];
