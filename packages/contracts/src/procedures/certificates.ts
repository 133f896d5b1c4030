import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZFilePayload } from './members.ts';

/**
 * Certificates (issue 9 item 6; modules 3, 7, 8 and 11): an organisation's templates (`/dataset-cert-code/...`),
 * certificates issued by hand or for a passed exam (`/dataset-cert-user/...`), the holder's own list
 * (`/trainingcamp/mycerts`), the public verification of a code (`/cert/verify`) and the platform's views.
 */
export const CERT_LIMITS = {
  name: 50,
  title: 100,
  body: 500,
  issuer: 100,
  validMonths: 1200,
  subject: 100,
  score: 16,
  reason: 200,
  issueUsers: 200,
  userOptions: 20,
  exportRows: 10_000,
} as const;
/** Placeholders a template's body may use; filled with the certificate's values when shown. */
export const CERT_PLACEHOLDERS = ['{name}', '{subject}', '{score}', '{date}'] as const;
export const CERT_STATUSES = ['valid', 'expired', 'revoked'] as const;
export type TCertStatus = (typeof CERT_STATUSES)[number];
export const CERT_SOURCES = ['exam', 'manual'] as const;

const ZId = z.number().int().positive();
const text = (max: number) => z.string().trim().max(max, 'validation.too_long');
const required = (max: number) => text(max).min(1, 'validation.required');

export const ZCertTemplateInput = z.object({
  name: required(CERT_LIMITS.name),
  title: required(CERT_LIMITS.title),
  /** May use {name}, {subject}, {score} and {date}. */
  body: text(CERT_LIMITS.body).default(''),
  issuer: text(CERT_LIMITS.issuer).default(''),
  /** Months a certificate stays valid after issue; null = no end. */
  valid_months: z.number().int().min(1).max(CERT_LIMITS.validMonths).nullable().default(null),
});
export type TCertTemplateInput = z.input<typeof ZCertTemplateInput>;

export const ZCertTemplateRow = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  body: z.string(),
  issuer: z.string(),
  valid_months: z.number().int().nullable(),
  /** Certificates issued with it (revoked ones included); a template in use cannot be deleted. */
  issued_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TCertTemplateRow = z.infer<typeof ZCertTemplateRow>;

/** One issued certificate as the organisation (or the platform) sees it. */
export const ZCertRow = z.object({
  id: z.number().int(),
  code: z.string(),
  template_id: z.number().int(),
  template_name: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  holder_name: z.string(),
  subject: z.string(),
  score: z.string(),
  source: z.enum(CERT_SOURCES),
  source_id: z.number().int().nullable(),
  issued_by_name: z.string().nullable(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  revoke_reason: z.string(),
  status: z.enum(CERT_STATUSES),
});
export type TCertRow = z.infer<typeof ZCertRow>;

/** A platform row: the certificate with its organisation. */
export const ZPlatformCertRow = ZCertRow.extend({ site_id: z.number().int(), site_name: z.string() });
export type TPlatformCertRow = z.infer<typeof ZPlatformCertRow>;

/** What the holder sees and prints: the template's texts with the placeholders filled. */
export const ZMyCert = z.object({
  id: z.number().int(),
  code: z.string(),
  title: z.string(),
  /** The template body with {name}, {subject}, {score} and {date} filled. */
  body: z.string(),
  issuer: z.string(),
  holder_name: z.string(),
  subject: z.string(),
  score: z.string(),
  site_name: z.string(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(CERT_STATUSES),
  revoke_reason: z.string(),
});
export type TMyCert = z.infer<typeof ZMyCert>;

export const ZCertVerifyOutput = z.object({
  code: z.string(),
  holder_name: z.string(),
  subject: z.string(),
  title: z.string(),
  issuer: z.string(),
  site_name: z.string(),
  issued_at: z.string(),
  expires_at: z.string().nullable(),
  status: z.enum(CERT_STATUSES),
  revoked_at: z.string().nullable(),
});
export type TCertVerifyOutput = z.infer<typeof ZCertVerifyOutput>;

/** Per organisation: how many certificates (codes) were dispensed, to how many people, and when. */
export const ZCertDispenseRow = z.object({
  site_id: z.number().int(),
  site_name: z.string(),
  template_count: z.number().int(),
  issued_count: z.number().int(),
  holder_count: z.number().int(),
  valid_count: z.number().int(),
  revoked_count: z.number().int(),
  expired_count: z.number().int(),
  first_issued_at: z.string().nullable(),
  last_issued_at: z.string().nullable(),
});
export type TCertDispenseRow = z.infer<typeof ZCertDispenseRow>;

const ZCertFilter = ZListInput.extend({
  status: z.enum(CERT_STATUSES).optional(),
});

const ZCode = z.string().trim().min(1, 'validation.required').max(40, 'validation.too_long');

export const certificateProcedures = {
  certTemplateList: procedure({
    path: '/dataset-cert-code/list',
    summary: "The organisation's certificate templates, newest first, with their issued counts; keyword on name/title.",
    input: ZListInput,
    output: listOutput(ZCertTemplateRow),
  }),
  certTemplateDetail: procedure({
    path: '/dataset-cert-code/detail',
    summary: 'One certificate template of the organisation.',
    input: z.object({ id: ZId }),
    output: ZCertTemplateRow,
    tenantIds: { id: 'cert_template' },
  }),
  certTemplateCreate: procedure({
    path: '/dataset-cert-code/create',
    summary:
      'A certificate template: name, printed title, body with {name} {subject} {score} {date}, issuer, validity.',
    input: ZCertTemplateInput,
    output: ZCertTemplateRow,
  }),
  certTemplateUpdate: procedure({
    path: '/dataset-cert-code/update',
    summary:
      'Changes a template. Certificates already issued keep their holder, subject, score and dates; the texts ' +
      'shown for them follow the template.',
    input: ZCertTemplateInput.extend({ id: ZId }),
    output: ZCertTemplateRow,
    tenantIds: { id: 'cert_template' },
  }),
  certTemplateDelete: procedure({
    path: '/dataset-cert-code/delete',
    summary: 'Deletes a template no certificate uses (cert_template_in_use otherwise, with the count).',
    input: z.object({ id: ZId }),
    output: z.object({ id: z.number().int() }),
    tenantIds: { id: 'cert_template' },
  }),
  certUserOptions: procedure({
    path: '/dataset-cert-user/user-options',
    summary: 'Members of the organisation to issue to (at most 20), searched by username, nickname or real name.',
    input: z.object({ keyword: z.string().max(100).optional() }),
    output: z.array(z.object({ id: z.number().int(), username: z.string(), nickname: z.string() })),
  }),
  certIssue: procedure({
    path: '/dataset-cert-user/issue',
    summary:
      'Issues the template by hand to chosen members (source manual). Idempotent per template and user: a member ' +
      'who already holds a manual certificate of the template keeps it (counted in `existing`).',
    input: z.object({
      template_id: ZId,
      user_ids: z.array(ZId).min(1).max(CERT_LIMITS.issueUsers),
      subject: required(CERT_LIMITS.subject),
      score: text(CERT_LIMITS.score).default(''),
    }),
    output: z.object({
      created: z.number().int(),
      existing: z.number().int(),
      list: z.array(
        z.object({ user_id: z.number().int(), id: z.number().int(), code: z.string(), created: z.boolean() }),
      ),
    }),
    tenantIds: { template_id: 'cert_template', user_ids: 'user' },
  }),
  certList: procedure({
    path: '/dataset-cert-user/list',
    summary:
      "The organisation's issued certificates, newest first; filters: template, status (valid/expired/revoked), " +
      'keyword on holder name, username or code.',
    input: ZCertFilter.extend({ template_id: ZId.optional() }),
    output: listOutput(ZCertRow),
    tenantIds: { template_id: 'cert_template' },
  }),
  certExport: procedure({
    path: '/dataset-cert-user/export',
    summary:
      "The organisation's issued certificates matching the list's filters (template, status, keyword), newest " +
      'first, as an xlsx file (base64); at most CERT_LIMITS.exportRows rows.',
    input: ZCertFilter.omit({ page: true, pageSize: true }).extend({ template_id: ZId.optional() }),
    output: ZFilePayload,
    tenantIds: { template_id: 'cert_template' },
  }),
  certRevoke: procedure({
    path: '/dataset-cert-user/revoke',
    summary: 'Revokes a certificate with a reason; verification then answers revoked (cert_already_revoked twice).',
    input: z.object({ id: ZId, reason: required(CERT_LIMITS.reason) }),
    output: ZCertRow,
    tenantIds: { id: 'certificate' },
  }),
  certMine: procedure({
    path: '/trainingcamp/mycerts',
    access: 'authenticated',
    summary:
      "The caller's own certificates in every organisation, newest first, with the texts to print (any signed-in " +
      'user: a certificate belongs to its holder).',
    input: z.object({}),
    output: z.array(ZMyCert),
  }),
  certVerify: procedure({
    path: '/cert/verify',
    access: 'public',
    summary:
      'Public verification of a code (dashes and case ignored): holder, subject, issuer, organisation, dates and ' +
      'status valid | expired | revoked; cert_not_found for an unknown code. Rate-limited per IP.',
    input: z.object({ code: ZCode }),
    output: ZCertVerifyOutput,
  }),
  certPlatformList: procedure({
    path: '/certuser/list',
    platform: true,
    summary:
      'Every issued certificate across organisations, newest first; filters: organisation, status, keyword on ' +
      'holder, username or code.',
    input: ZCertFilter.extend({ site_id: ZId.optional() }),
    output: listOutput(ZPlatformCertRow),
  }),
  certDispenseList: procedure({
    path: '/certcode/dispense-list',
    platform: true,
    summary:
      'Certificate codes dispensed per organisation: templates, codes issued, holders, valid/revoked/expired ' +
      'counts, first and last issue; keyword on the organisation name.',
    input: ZListInput,
    output: listOutput(ZCertDispenseRow),
  }),
};
