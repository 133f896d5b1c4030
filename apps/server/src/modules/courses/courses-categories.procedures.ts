import { courseCategoryProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { courseCategoryTree } from './course-categories.queries.ts';
import { deleteCourseCategory } from './delete-course-category.service.ts';
import { createCourseCategory, updateCourseCategory } from './save-course-category.service.ts';

/** Course categories of the caller's organisation. */
export const courseCategoryImplementations = [
  implement(p.courseCategoryTree, async (_input, ctx) => courseCategoryTree(ctx.db, ctx.session.siteId)),
  implement(p.courseCategoryCreate, async (input, ctx) => createCourseCategory(ctx, input)),
  implement(p.courseCategoryUpdate, async (input, ctx) => updateCourseCategory(ctx, input)),
  implement(p.courseCategoryDelete, async (input, ctx) => deleteCourseCategory(ctx, input.id)),
];
