import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { QUESTION_LIMITS, QUESTION_TYPES, REVIEW_STATUSES } from '../question-rules.ts';

/**
 * Question categories (`/dataset/category`, module 10): a tree per organisation. A category made by a content
 * manager is passed at once; one made by a teacher waits for verification (`/dataset/category-verify`).
 * Questions may be put only in passed categories.
 */
const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });

export const ZReviewStatus = z.enum(REVIEW_STATUSES);
export const ZReviewReason = z.string().trim().max(QUESTION_LIMITS.reason, 'validation.too_long');

export const ZQuestionCategoryNode = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  sort: z.number().int(),
  review_status: ZReviewStatus,
  /** Questions in this category alone, and of them the passed ones. */
  question_count: z.number().int(),
  passed_count: z.number().int(),
  get children() {
    return z.array(ZQuestionCategoryNode);
  },
});
export type TQuestionCategoryNode = z.infer<typeof ZQuestionCategoryNode>;

export const ZQuestionCategoryRow = z.object({
  id: z.number().int(),
  parent_id: z.number().int().nullable(),
  name: z.string(),
  /** Names from the root to this category, joined with " / ". */
  path: z.string(),
  description: z.string(),
  sort: z.number().int(),
  review_status: ZReviewStatus,
  review_reason: z.string(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export type TQuestionCategoryRow = z.infer<typeof ZQuestionCategoryRow>;

export const ZQuestionCategoryStats = z.object({
  /** Counts over this category and its descendants. */
  total: z.number().int(),
  by_status: z.record(ZReviewStatus, z.number().int()),
  by_type: z.record(z.enum(QUESTION_TYPES), z.number().int()),
  by_difficulty: z.record(z.enum(['easy', 'medium', 'hard']), z.number().int()),
  answer_count: z.number().int(),
  correct_count: z.number().int(),
});
export type TQuestionCategoryStats = z.infer<typeof ZQuestionCategoryStats>;

export const ZQuestionCategoryDetail = ZQuestionCategoryRow.extend({
  child_count: z.number().int(),
  stats: ZQuestionCategoryStats,
});
export type TQuestionCategoryDetail = z.infer<typeof ZQuestionCategoryDetail>;

export const ZQuestionCategoryInput = z.object({
  parent_id: ZId.nullable().default(null),
  name: z.string().trim().min(1, 'validation.required').max(QUESTION_LIMITS.categoryName, 'validation.too_long'),
  description: z.string().trim().max(QUESTION_LIMITS.description, 'validation.too_long').default(''),
  sort: z.number().int().min(0).max(1_000_000).default(0),
});
export type TQuestionCategoryInput = z.input<typeof ZQuestionCategoryInput>;

/** Review of categories or questions: failing needs a reason (reason_required). */
export const ZReviewInput = z.object({
  ids: z.array(ZId).min(1).max(500),
  status: z.enum(['passed', 'failed']),
  reason: ZReviewReason.default(''),
});
export type TReviewInput = z.input<typeof ZReviewInput>;

export const questionBankCategoryProcedures = {
  datasetCategoryTree: procedure({
    path: '/dataset-category/tree',
    summary:
      "The organisation's category tree by sort, with question counts. With `passed_only`, only passed categories " +
      '(what question editors may choose).',
    input: z.object({ passed_only: z.boolean().default(false) }),
    output: z.object({ list: z.array(ZQuestionCategoryNode) }),
  }),
  datasetCategoryList: procedure({
    path: '/dataset-category/list',
    summary: 'Categories as a flat list (verification queue), newest first; filter by review status; keyword on names.',
    input: ZListInput.extend({ review_status: ZReviewStatus.optional() }),
    output: listOutput(ZQuestionCategoryRow),
  }),
  datasetCategoryDetail: procedure({
    path: '/dataset-category/detail',
    summary: 'One category with its path and the statistics of its questions (with descendants).',
    input: z.object({ id: ZId }),
    output: ZQuestionCategoryDetail,
    tenantIds: { id: 'question_category' },
  }),
  datasetCategoryCreate: procedure({
    path: '/dataset-category/create',
    summary:
      'A new category under `parent_id` (or at the root). Passed at once for reviewers (holders of ' +
      '/dataset-category/verify), otherwise unreviewed.',
    input: ZQuestionCategoryInput,
    output: ZQuestionCategoryRow,
    tenantIds: { parent_id: 'question_category' },
  }),
  datasetCategoryUpdate: procedure({
    path: '/dataset-category/update',
    summary: 'Renames or moves a category; it cannot move under itself or a descendant (category_parent_wrong).',
    input: ZQuestionCategoryInput.extend({ id: ZId }),
    output: ZQuestionCategoryRow,
    tenantIds: { id: 'question_category', parent_id: 'question_category' },
  }),
  datasetCategoryDelete: procedure({
    path: '/dataset-category/delete',
    summary: 'Deletes an empty category; one with sub-categories or questions answers category_not_empty.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'question_category' },
  }),
  datasetCategoryVerify: procedure({
    path: '/dataset-category/verify',
    summary: 'Passes or fails unreviewed categories (a failure needs a reason); others answer review_state_wrong.',
    input: ZReviewInput,
    output: z.object({ count: z.number().int() }),
    tenantIds: { ids: 'question_category' },
  }),
};
