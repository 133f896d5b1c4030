import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZQuestionSpec } from '../question-answers.ts';
import { DIFFICULTIES, QUESTION_LIMITS, QUESTION_TYPES } from '../question-rules.ts';
import { ZReviewInput, ZReviewStatus } from './question-bank-categories.ts';

/**
 * Questions (`/dataset/data`, `/dataset/private-data`, module 10). Stems, options and analyses are HTML, sanitised
 * by the server. The rules of `question-rules.ts` are checked on every save (the first broken one is the error
 * code). Any edit sends a question back to unreviewed; only passed questions reach learners. Teachers edit
 * their own questions; reviewers (holders of /dataset-data/verify) edit any.
 */
const ZId = z.number().int().positive();
const ZHtml = (max: number) => z.string().max(max, 'validation.too_long');

export const ZQuestionType = z.enum(QUESTION_TYPES);
export const ZDifficulty = z.enum(DIFFICULTIES);

export const ZQuestionOption = z.object({ content: ZHtml(QUESTION_LIMITS.option), correct: z.boolean() });

export const ZQuestionInput = z.object({
  category_id: ZId,
  type: ZQuestionType,
  stem: ZHtml(QUESTION_LIMITS.stem),
  /** Choices only: A-F by position; more than 6 answers question_too_many_options. */
  options: z.array(ZQuestionOption).max(20).default([]),
  /** The key of the other types (`question-answers.ts`); null for choices. */
  spec: ZQuestionSpec.nullable().default(null),
  analysis: ZHtml(QUESTION_LIMITS.analysis).default(''),
  difficulty: ZDifficulty.default('medium'),
  source: z.string().trim().max(QUESTION_LIMITS.source, 'validation.too_long').default(''),
  setter: z.string().trim().max(QUESTION_LIMITS.setter, 'validation.too_long').default(''),
  label_ids: z.array(ZId).max(QUESTION_LIMITS.labels).default([]),
  node_ids: z.array(ZId).max(QUESTION_LIMITS.nodes).default([]),
});
export type TQuestionInput = z.input<typeof ZQuestionInput>;

export const ZQuestionRow = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  category_name: z.string(),
  /** In a private category of its author (`/self-data/category`): outside the bank, serving its author only. */
  private: z.boolean(),
  type: ZQuestionType,
  /** The stem as text (no markup), for lists. */
  stem_text: z.string(),
  difficulty: ZDifficulty,
  option_count: z.number().int(),
  review_status: ZReviewStatus,
  review_reason: z.string(),
  setter: z.string(),
  source: z.string(),
  answer_count: z.number().int(),
  correct_count: z.number().int(),
  created_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type TQuestionRow = z.infer<typeof ZQuestionRow>;

export const ZNamedRef = z.object({ id: z.number().int(), name: z.string() });

export const ZQuestionDetail = ZQuestionRow.extend({
  stem: z.string(),
  options: z.array(ZQuestionOption),
  spec: ZQuestionSpec.nullable(),
  analysis: z.string(),
  category_path: z.string(),
  labels: z.array(ZNamedRef.extend({ color: z.string() })),
  /** Knowledge nodes with their map's name. */
  nodes: z.array(ZNamedRef.extend({ code: z.string(), map_id: z.number().int(), map_name: z.string() })),
  version: z.number().int(),
  reviewed_by_name: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string(),
  /** Whether the caller may edit or delete it (the author, or a reviewer). */
  editable: z.boolean(),
});
export type TQuestionDetail = z.infer<typeof ZQuestionDetail>;

export const ZSimilarQuestion = z.object({
  id: z.number().int(),
  stem_text: z.string(),
  category_name: z.string(),
  review_status: ZReviewStatus,
  /** pg_trgm similarity of the stems, 0-1. */
  similarity: z.number(),
});
export type TSimilarQuestion = z.infer<typeof ZSimilarQuestion>;

/** A saved question, with the near-duplicates found in the organisation's bank when it was saved. */
export const ZQuestionSaved = z.object({ question: ZQuestionDetail, similar: z.array(ZSimilarQuestion) });

export const ZQuestionFilter = z.object({
  category_id: ZId.optional(),
  /** With category_id: include the category's descendants (default). */
  descendants: z.boolean().default(true),
  type: ZQuestionType.optional(),
  difficulty: ZDifficulty.optional(),
  review_status: ZReviewStatus.optional(),
  label_id: ZId.optional(),
  node_id: ZId.optional(),
  /** Only questions the caller wrote (`/dataset/private-data`). */
  mine: z.boolean().default(false),
  /** Only the caller's questions in their private categories (`/self-data/category`), for their own exams. */
  private_only: z.boolean().optional(),
  /** Only questions a machine grades (`autoGraded`: no essays, no short answers marked by hand), for practice. */
  auto_graded: z.boolean().optional(),
});
export type TQuestionFilter = z.input<typeof ZQuestionFilter>;

export const ZQuestionRecord = z.object({
  id: z.number().int(),
  action: z.enum(['create', 'update', 'review_pass', 'review_fail', 'review_auto', 'import', 'correction', 'submit']),
  version: z.number().int(),
  reason: z.string(),
  user_name: z.string().nullable(),
  created_at: z.string(),
  snapshot: z.object({
    type: ZQuestionType,
    stem: z.string(),
    options: z.array(ZQuestionOption),
    spec: ZQuestionSpec.nullable().optional(),
    analysis: z.string(),
    difficulty: ZDifficulty,
    category_id: z.number().int(),
    review_status: ZReviewStatus,
  }),
});
export type TQuestionRecord = z.infer<typeof ZQuestionRecord>;

export const ZSearchRecord = z.object({
  id: z.number().int(),
  keyword: z.string(),
  filters: z.record(z.string(), z.unknown()),
  result_count: z.number().int(),
  user_name: z.string().nullable(),
  created_at: z.string(),
});
export type TSearchRecord = z.infer<typeof ZSearchRecord>;

export const ZSimilarPair = z.object({ a: ZSimilarQuestion, b: ZSimilarQuestion, similarity: z.number() });
export type TSimilarPair = z.infer<typeof ZSimilarPair>;

export const questionBankProcedures = {
  datasetDataList: procedure({
    path: '/dataset-data/list',
    summary:
      'Questions of the organisation, newest change first, with filters; the keyword searches stem text. A keyword ' +
      'search is kept in the search records.',
    input: ZListInput.extend(ZQuestionFilter.shape),
    output: listOutput(ZQuestionRow),
    tenantIds: { category_id: 'question_category', label_id: 'knowledge_label', node_id: 'knowledge_node' },
  }),
  datasetDataDetail: procedure({
    path: '/dataset-data/detail',
    summary: 'One question whole: stem, options, analysis, labels, knowledge nodes, review.',
    input: z.object({ id: ZId }),
    output: ZQuestionDetail,
    tenantIds: { id: 'question' },
  }),
  datasetDataCreate: procedure({
    path: '/dataset-data/create',
    summary: 'A new unreviewed question in a passed category; answers near-duplicates found in the bank.',
    input: ZQuestionInput,
    output: ZQuestionSaved,
    tenantIds: { category_id: 'question_category', label_ids: 'knowledge_label', node_ids: 'knowledge_node' },
  }),
  datasetDataUpdate: procedure({
    path: '/dataset-data/update',
    summary: 'Saves a new version of a question (author or reviewer); it goes back to unreviewed.',
    input: ZQuestionInput.extend({ id: ZId }),
    output: ZQuestionSaved,
    tenantIds: {
      id: 'question',
      category_id: 'question_category',
      label_ids: 'knowledge_label',
      node_ids: 'knowledge_node',
    },
  }),
  datasetDataDelete: procedure({
    path: '/dataset-data/delete',
    summary: 'Deletes questions (each the caller may edit).',
    input: z.object({ ids: z.array(ZId).min(1).max(500) }),
    output: z.object({ count: z.number().int() }),
    tenantIds: { ids: 'question' },
  }),
  datasetDataVerify: procedure({
    path: '/dataset-data/verify',
    summary: 'Passes or fails unreviewed questions (a failure needs a reason); others answer review_state_wrong.',
    input: ZReviewInput,
    output: z.object({ count: z.number().int() }),
    tenantIds: { ids: 'question' },
  }),
  datasetDataRecords: procedure({
    path: '/dataset-data/records',
    summary: "A question's edit history, newest first, each with the version it made.",
    input: ZListInput.extend({ id: ZId }),
    output: listOutput(ZQuestionRecord),
    tenantIds: { id: 'question' },
  }),
  datasetDataSimilar: procedure({
    path: '/dataset-data/similar',
    summary:
      'Pairs of near-duplicate questions in the organisation (stem trigram similarity at least `threshold`), most ' +
      'similar first; with `id`, the questions similar to that one.',
    input: z.object({
      id: ZId.optional(),
      threshold: z.number().min(0.3).max(1).default(0.6),
      page: ZListInput.shape.page,
      pageSize: ZListInput.shape.pageSize,
    }),
    output: listOutput(ZSimilarPair),
    tenantIds: { id: 'question' },
  }),
  datasetDataSearchRecords: procedure({
    path: '/dataset-data/search-records',
    summary: 'Keyword searches run over the bank, newest first; the keyword filters them.',
    input: ZListInput,
    output: listOutput(ZSearchRecord),
  }),
  datasetDataImageUpload: procedure({
    path: '/dataset-data/image-upload',
    summary: 'An image for a stem, option or analysis (jpg, png, gif, webp; at most 2 MB); answers its address.',
    input: z.object({}),
    output: z.object({ url: z.string() }),
    upload: { maxBytes: 2 * 1024 * 1024, maxFiles: 1 },
  }),
};
