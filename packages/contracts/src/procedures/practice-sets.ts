import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { AUDIENCE_TENANT_IDS, ZAudienceChoice, ZAudienceDetail, ZAudienceMode } from './audiences.ts';
import { ZQuestionType } from './question-bank.ts';

/**
 * Practice sets, the teacher's and manager's side (`/dataset-train/...`, module 1): a set is built from question
 * categories (with their descendants), knowledge nodes and single questions; its pool is the passed questions these
 * yield, without repeats. Learners see published sets of their organisation; the generating site is the set's site.
 */
export const PRACTICE_SET_LIMITS = {
  name: 50,
  description: 500,
  perSession: 100,
  categories: 100,
  nodes: 200,
  questions: 1000,
  previewQuestions: 10,
} as const;

export const PRACTICE_SET_STATUSES = ['draft', 'published', 'closed'] as const;
export const ZPracticeSetStatus = z.enum(PRACTICE_SET_STATUSES);
export type TPracticeSetStatus = z.infer<typeof ZPracticeSetStatus>;

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });

/** The sources of a set's pool. */
export const ZPracticePoolInput = z.object({
  category_ids: z.array(ZId).max(PRACTICE_SET_LIMITS.categories).default([]),
  node_ids: z.array(ZId).max(PRACTICE_SET_LIMITS.nodes).default([]),
  question_ids: z.array(ZId).max(PRACTICE_SET_LIMITS.questions).default([]),
});
export type TPracticePoolInput = z.input<typeof ZPracticePoolInput>;

export const ZPracticeSetInput = ZPracticePoolInput.extend({
  ...ZAudienceChoice.shape,
  name: z.string().trim().min(1, 'validation.required').max(PRACTICE_SET_LIMITS.name, 'validation.too_long'),
  description: z.string().trim().max(PRACTICE_SET_LIMITS.description, 'validation.too_long').default(''),
  per_session: z.number().int().min(1).max(PRACTICE_SET_LIMITS.perSession).default(10),
  /** Only learners who unlocked this category with an activation code may join. */
  lock_category_id: ZId.nullable().default(null),
  /** Who may see and join it: everyone in the organisation (as before), its students, or chosen people. */
  audience: ZAudienceMode.default('everyone'),
});
export type TPracticeSetInput = z.input<typeof ZPracticeSetInput>;

export const ZPracticeSetRow = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  status: ZPracticeSetStatus,
  per_session: z.number().int(),
  /** Distinct passed questions the pool yields now. */
  pool_size: z.number().int(),
  joined_count: z.number().int(),
  session_count: z.number().int(),
  lock_category_id: z.number().int().nullable(),
  lock_category_name: z.string().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TPracticeSetRow = z.infer<typeof ZPracticeSetRow>;

const ZRef = z.object({ id: z.number().int(), name: z.string() });

export const ZPracticeSetDetail = ZPracticeSetRow.extend({
  category_ids: z.array(z.number().int()),
  node_ids: z.array(z.number().int()),
  question_ids: z.array(z.number().int()),
  /** The chosen categories, nodes and questions that still exist (questions named by their stem text). */
  categories: z.array(ZRef),
  nodes: z.array(ZRef),
  questions: z.array(ZRef),
  audience: ZAudienceDetail,
});
export type TPracticeSetDetail = z.infer<typeof ZPracticeSetDetail>;

export const ZPoolQuestion = z.object({
  id: z.number().int(),
  type: ZQuestionType,
  stem_text: z.string(),
  category_name: z.string(),
});
export type TPoolQuestion = z.infer<typeof ZPoolQuestion>;

export const ZPoolPreview = z.object({
  count: z.number().int(),
  /** The first questions of the pool in its stable order (by id). */
  questions: z.array(ZPoolQuestion),
});
export type TPoolPreview = z.infer<typeof ZPoolPreview>;

const POOL_TENANT_IDS = {
  category_ids: 'question_category',
  node_ids: 'knowledge_node',
  question_ids: 'question',
} as const;
const POOL_NOTE =
  'The pool is the passed questions a machine grades (no essays, no short answers marked by hand) of the ' +
  'categories (with every category below them), of the knowledge nodes, and the single questions, counted once each.';

export const practiceSetProcedures = {
  practiceSetList: procedure({
    path: '/dataset-train/list',
    summary:
      "The organisation's practice sets, newest first, with status, pool size, joined learners and creator; the " +
      'keyword searches names, status filters.',
    input: ZListInput.extend({ status: ZPracticeSetStatus.optional() }),
    output: listOutput(ZPracticeSetRow),
  }),
  practiceSetDetail: procedure({
    path: '/dataset-train/detail',
    summary: 'One practice set of the organisation with its pool sources.',
    input: z.object({ id: ZId }),
    output: ZPracticeSetDetail,
    tenantIds: { id: 'practice_set' },
  }),
  practiceSetCreate: procedure({
    path: '/dataset-train/create',
    summary: `A new draft practice set of the caller's organisation (for everyone unless an audience is given). ${POOL_NOTE}`,
    input: ZPracticeSetInput,
    output: ZPracticeSetDetail,
    tenantIds: { ...POOL_TENANT_IDS, lock_category_id: 'question_category', ...AUDIENCE_TENANT_IDS },
  }),
  practiceSetUpdate: procedure({
    path: '/dataset-train/update',
    summary:
      'Replaces the fields of a set. A published set keeps needing questions (an empty pool answers ' +
      'practice_no_questions) and somebody in a chosen audience (audience_empty).',
    input: ZPracticeSetInput.extend({ id: ZId }),
    output: ZPracticeSetDetail,
    tenantIds: {
      id: 'practice_set',
      ...POOL_TENANT_IDS,
      lock_category_id: 'question_category',
      ...AUDIENCE_TENANT_IDS,
    },
  }),
  practiceSetDelete: procedure({
    path: '/dataset-train/delete',
    summary:
      'Deletes a set that nobody has practised yet (any status); a set with sessions answers conflict — close it ' +
      'instead, which keeps the learners’ results.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'practice_set' },
  }),
  practiceSetPublish: procedure({
    path: '/dataset-train/publish',
    summary:
      'Publishes a draft or closed set to its audience; an empty pool answers practice_no_questions, a chosen ' +
      'audience naming nobody audience_empty. Publishing a published set changes nothing.',
    input: z.object({ id: ZId }),
    output: ZPracticeSetDetail,
    tenantIds: { id: 'practice_set' },
  }),
  practiceSetClose: procedure({
    path: '/dataset-train/close',
    summary: 'Closes a set: learners can no longer start sessions on it (practice_set_closed); results stay.',
    input: z.object({ id: ZId }),
    output: ZPracticeSetDetail,
    tenantIds: { id: 'practice_set' },
  }),
  practiceSetPoolPreview: procedure({
    path: '/dataset-train/pool-preview',
    summary: `How many questions a pool yields and its first ${PRACTICE_SET_LIMITS.previewQuestions}. ${POOL_NOTE}`,
    input: ZPracticePoolInput,
    output: ZPoolPreview,
    tenantIds: POOL_TENANT_IDS,
  }),
} as const;
