import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZFilePayload } from './members.ts';

/**
 * Activation codes (`/dataset-cdkey/...` for managers, `/cdkey/...` for learners, module 1 and 8): a batch of
 * unguessable codes for a first-level question category (and optionally one of its children); redeeming a code
 * unlocks that category (and sub-category) for the learner, once per code even under concurrent attempts. Codes are
 * hidden (`cdkey_hidden`) when the organisation's `showCdkey` setting is off or its service_type is 1.
 */
export const CDKEY_LIMITS = { name: 50, count: 10_000, priceYuan: 1_000_000, codeLength: 16, exportRows: 10_000 };
/** Code characters: no 0/O, 1/I/L lookalikes (31 symbols; random bytes are drawn with rejection, so without bias). */
export const CDKEY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const ZId = z.number().int().positive();
const ZIds = z.array(ZId).min(1).max(CDKEY_LIMITS.count);
const ZMoment = z.iso.datetime({ offset: true });

export const ZCdkeyBatchInput = z
  .object({
    name: z.string().trim().min(1, 'validation.required').max(CDKEY_LIMITS.name, 'validation.too_long'),
    /** A first-level question category of the organisation. */
    category_id: ZId,
    /** A child of `category_id`, or null. */
    sub_category_id: ZId.nullable().default(null),
    /** Price of one code in yuan, at most 2 decimals. */
    unit_price: z
      .number()
      .min(0)
      .max(CDKEY_LIMITS.priceYuan)
      .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'validation.invalid_value'),
    count: z.number().int().min(1).max(CDKEY_LIMITS.count),
    valid_from: ZMoment,
    valid_until: ZMoment,
  })
  .refine((v) => Date.parse(v.valid_from) < Date.parse(v.valid_until), {
    message: 'validation.end_before_start',
    path: ['valid_until'],
  });
export type TCdkeyBatchInput = z.input<typeof ZCdkeyBatchInput>;

export const ZCdkeyBatchRow = z.object({
  id: z.number().int(),
  name: z.string(),
  category_id: z.number().int(),
  category_name: z.string(),
  sub_category_id: z.number().int().nullable(),
  sub_category_name: z.string().nullable(),
  unit_price_cents: z.number().int(),
  count: z.number().int(),
  used_count: z.number().int(),
  disabled_count: z.number().int(),
  /** used_count / count, 0..1 rounded to 4 decimals. */
  use_rate: z.number(),
  valid_from: z.string(),
  valid_until: z.string(),
  created_at: z.string(),
});
export type TCdkeyBatchRow = z.infer<typeof ZCdkeyBatchRow>;

export const CDKEY_CODE_STATES = ['used', 'unused', 'disabled'] as const;
export type TCdkeyCodeState = (typeof CDKEY_CODE_STATES)[number];

export const ZCdkeyCodeRow = z.object({
  id: z.number().int(),
  code: z.string(),
  /** used: redeemed; disabled: not redeemed and disabled; unused: may still be redeemed (within validity). */
  state: z.enum(CDKEY_CODE_STATES),
  redeemed_by_name: z.string().nullable(),
  redeemed_at: z.string().nullable(),
});
export type TCdkeyCodeRow = z.infer<typeof ZCdkeyCodeRow>;

export const ZMyCdkeyRow = z.object({
  id: z.number().int(),
  code: z.string(),
  batch_name: z.string(),
  category_name: z.string(),
  sub_category_name: z.string().nullable(),
  redeemed_at: z.string(),
});
export type TMyCdkeyRow = z.infer<typeof ZMyCdkeyRow>;

const ZChanged = z.object({ changed: z.number().int() });
const HIDDEN_NOTE = 'cdkey_hidden when showCdkey is off or the service_type is 1.';

export const cdkeyProcedures = {
  cdkeyBatchList: procedure({
    path: '/dataset-cdkey/list',
    summary: "The organisation's code batches, newest first, with used count and use rate; the keyword searches names.",
    input: ZListInput,
    output: listOutput(ZCdkeyBatchRow),
  }),
  cdkeyBatchCreate: procedure({
    path: '/dataset-cdkey/create',
    summary:
      'A batch of `count` unique random codes (16 characters of an unambiguous alphabet) for a first-level category ' +
      'and optionally one of its children (category_parent_wrong otherwise); the price in yuan is kept in cents.',
    input: ZCdkeyBatchInput,
    output: ZCdkeyBatchRow,
    tenantIds: { category_id: 'question_category', sub_category_id: 'question_category' },
  }),
  cdkeyBatchDetail: procedure({
    path: '/dataset-cdkey/detail',
    summary: 'One batch of the organisation with its counts.',
    input: z.object({ id: ZId }),
    output: ZCdkeyBatchRow,
    tenantIds: { id: 'cdkey_batch' },
  }),
  cdkeyCodes: procedure({
    path: '/dataset-cdkey/codes',
    summary: "A batch's codes in creation order, by state; the keyword searches codes and redeemers.",
    input: ZListInput.extend({ batch_id: ZId, state: z.enum(CDKEY_CODE_STATES).optional() }),
    output: listOutput(ZCdkeyCodeRow),
    tenantIds: { batch_id: 'cdkey_batch' },
  }),
  cdkeyDisable: procedure({
    path: '/dataset-cdkey/disable',
    summary: 'Disables the given codes that are not redeemed yet; answers how many changed.',
    input: z.object({ ids: ZIds }),
    output: ZChanged,
    tenantIds: { ids: 'cdkey' },
  }),
  cdkeyEnable: procedure({
    path: '/dataset-cdkey/enable',
    summary: 'Enables the given disabled codes (never redeemed ones only); answers how many changed.',
    input: z.object({ ids: ZIds }),
    output: ZChanged,
    tenantIds: { ids: 'cdkey' },
  }),
  cdkeyExport: procedure({
    path: '/dataset-cdkey/export',
    summary: "A batch's codes with state, redeemer and time as an xlsx file (base64).",
    input: z.object({ batch_id: ZId }),
    output: ZFilePayload,
    tenantIds: { batch_id: 'cdkey_batch' },
  }),
  cdkeyRedeem: procedure({
    path: '/cdkey/redeem',
    summary:
      'Redeems a code of the current organisation: unlocks its category (and sub-category) for the caller. One ' +
      'conditional update, so of concurrent attempts exactly one wins (cdkey_used for the others); cdkey_invalid, ' +
      `cdkey_disabled, cdkey_expired; ${HIDDEN_NOTE}`,
    input: z.object({ code: z.string().trim().min(1, 'validation.required').max(32, 'validation.too_long') }),
    output: z.object({
      category_id: z.number().int(),
      category_name: z.string(),
      sub_category_id: z.number().int().nullable(),
      sub_category_name: z.string().nullable(),
    }),
  }),
  cdkeyMine: procedure({
    path: '/cdkey/mycdkey',
    summary: `The caller's redeemed codes in the current organisation, newest first; hidden: true (empty list) when codes are off.`,
    input: z.object({}),
    output: z.object({ hidden: z.boolean(), list: z.array(ZMyCdkeyRow) }),
  }),
};
