import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZQuestionCategoryInput, ZQuestionCategoryNode } from './question-bank-categories.ts';

/**
 * A teacher's private question categories (`/self-data/category`, module 5): a tree of their own, seen and used by
 * nobody else. Its questions are written with the question editor as any other, stay out of the organisation's bank
 * and review queue, and serve their author at once (course exams, material self-tests, interactive answering) until
 * submitted: moved to a passed category of the organisation, where they wait for review as any new question.
 */
const ZId = z.number().int().positive();

export const selfDataProcedures = {
  selfDataCategoryTree: procedure({
    path: '/self-data/category-tree',
    summary: "The caller's private categories by sort, with the questions in each.",
    input: z.object({}),
    output: z.object({ list: z.array(ZQuestionCategoryNode) }),
  }),
  selfDataCategoryCreate: procedure({
    path: '/self-data/category-create',
    summary: 'A private category, at the root or under another of the caller’s.',
    input: ZQuestionCategoryInput,
    output: z.object({ id: z.number().int() }),
    tenantIds: { parent_id: 'question_category' },
  }),
  selfDataCategoryUpdate: procedure({
    path: '/self-data/category-update',
    summary: 'Renames or moves a private category (never under itself or below it: category_parent_wrong).',
    input: ZQuestionCategoryInput.extend({ id: ZId }),
    output: z.object({ id: z.number().int() }),
    tenantIds: { id: 'question_category', parent_id: 'question_category' },
  }),
  selfDataCategoryDelete: procedure({
    path: '/self-data/category-delete',
    summary: 'Deletes an empty private category (category_not_empty otherwise).',
    input: z.object({ id: ZId }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { id: 'question_category' },
  }),
  selfDataSubmit: procedure({
    path: '/self-data/submit',
    summary:
      "Submits private questions for review: moves them to a passed category of the organisation's bank, " +
      'unreviewed (passed at once where the organisation does not review questions).',
    input: z.object({ ids: z.array(ZId).min(1).max(500), category_id: ZId }),
    output: z.object({ count: z.number().int() }),
    tenantIds: { ids: 'question', category_id: 'question_category' },
  }),
};
