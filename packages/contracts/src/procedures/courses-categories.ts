import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { COURSE_LIMITS } from './courses.ts';

/** Course categories (`/course/category`, module 5): a tree per organisation that courses are filed under. */
const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });

export const ZCourseCategoryNode = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  sort: z.number().int(),
  /** Courses filed directly under this category. */
  course_count: z.number().int(),
  get children() {
    return z.array(ZCourseCategoryNode);
  },
});
export type TCourseCategoryNode = z.infer<typeof ZCourseCategoryNode>;

export const ZCourseCategoryInput = z.object({
  parent_id: ZId.nullable().default(null),
  name: z.string().trim().min(1, 'validation.required').max(COURSE_LIMITS.categoryName, 'validation.too_long'),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export type TCourseCategoryInput = z.input<typeof ZCourseCategoryInput>;

export const courseCategoryProcedures = {
  courseCategoryTree: procedure({
    path: '/course-category/tree',
    summary: "The organisation's course categories as a tree, by sort then id, with their courses counted.",
    input: z.object({}),
    output: z.object({ list: z.array(ZCourseCategoryNode) }),
  }),
  courseCategoryCreate: procedure({
    path: '/course-category/create',
    summary: 'A new course category under `parent_id` (or at the root).',
    input: ZCourseCategoryInput,
    output: ZCourseCategoryNode,
    tenantIds: { parent_id: 'course_category' },
  }),
  courseCategoryUpdate: procedure({
    path: '/course-category/update',
    summary: 'Renames, re-sorts or moves a category; never under itself or below it (category_parent_wrong).',
    input: ZCourseCategoryInput.extend({ id: ZId }),
    output: ZCourseCategoryNode,
    tenantIds: { id: 'course_category', parent_id: 'course_category' },
  }),
  courseCategoryDelete: procedure({
    path: '/course-category/delete',
    summary: 'Deletes a category without sub-categories or courses (course_category_not_empty otherwise).',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'course_category' },
  }),
} as const;
