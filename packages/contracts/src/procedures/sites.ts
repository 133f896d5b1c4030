import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { PROVINCE_CODES } from '../places.ts';
import { procedure } from '../procedure.ts';
import {
  AVATAR_DATA_URL_MAX,
  clearable,
  endsAfterStart,
  ZAvatarDataUrl,
  ZDomain,
  ZHelpUrl,
  ZSiteAddress,
  ZSiteName,
  ZSiteNameEn,
  ZSiteRemarks,
} from '../rules.ts';
import { ZInvitationRow } from './invitations.ts';
import { ZFilePayload, ZMemberRow } from './members.ts';

/**
 * Service types of an organisation: 0 standard, 1 annotation team (its activation-code menus are hidden). The web
 * translates each `key` in the `sites` namespace (`service_type_<key>`).
 */
export const SITE_SERVICE_TYPES = [
  { value: 0, key: 'standard' },
  { value: 1, key: 'annotation_team' },
] as const;
export const SITE_STATUSES = ['open', 'closed'] as const;

/** Roles the manager named when creating or updating an organisation holds there (the first is current). */
export const SITE_MANAGER_ROLES = ['role_manager', 'role_teacher'] as const;

const ZId = z.number().int().positive();
const ZServiceType = z.union([z.literal(0), z.literal(1)]);
const ZStatus = z.enum(SITE_STATUSES);
const ZSwitch = z.enum(['0', '1']);
/** A moment as ISO 8601 with an offset (`2026-01-31T16:00:00.000Z`); empty or null clears it. */
const ZMoment = z
  .union([z.iso.datetime({ offset: true }), z.literal('')])
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));
/** An existing account, by username or email, who becomes a manager of the organisation. */
/** A provincial division's code (`/place/list`); empty or null clears it. */
const ZProvince = z
  .union([z.literal(''), z.string().refine((code) => PROVINCE_CODES.includes(code), 'validation.invalid_value')])
  .nullable()
  .optional()
  .transform((value) => (value === '' ? null : value));
const ZManagerLogin = z.string().trim().min(1, 'validation.username_required').max(64).optional();

/** An organisation's effective settings, as stored (switches are '0' or '1'). */
export const ZSiteSettings = z.object({
  help_url: z.string(),
  open_webrtc: z.string(),
  showCdkey: z.string(),
  open_audit_edit: z.string(),
  open_chatgpt: z.string(),
  /** Consecutive correct answers that take a question out of the wrong book (0 = never). */
  wrong_book_n: z.string(),
});
export type TSiteSettings = z.infer<typeof ZSiteSettings>;

/** Settings an update may change; the ones left out keep their value. */
export const ZSiteSettingsInput = z
  .object({
    help_url: ZHelpUrl,
    open_webrtc: ZSwitch,
    showCdkey: ZSwitch,
    open_audit_edit: ZSwitch,
    open_chatgpt: ZSwitch,
    wrong_book_n: z.string().regex(/^(0|[1-9]\d?)$/, 'validation.invalid_value'),
  })
  .partial();

export const ZSiteRow = z.object({
  id: z.number().int(),
  name: z.string(),
  name_en: z.string().nullable(),
  status: ZStatus,
  service_type: z.number().int(),
  domain: z.string().nullable(),
  remarks: z.string().nullable(),
  /** Code of the provincial division (`/place/list`), or null. */
  province: z.string().nullable(),
  /** Active members. */
  member_count: z.number().int(),
  start_at: z.string().nullable(),
  end_at: z.string().nullable(),
  created_at: z.string(),
});
export type TSiteRow = z.infer<typeof ZSiteRow>;

export const ZSiteDetail = ZSiteRow.extend({
  logo: z.string().nullable(),
  icon_logo: z.string().nullable(),
  address: z.string().nullable(),
  members: z.object({ active: z.number().int(), pending: z.number().int() }),
  managers: z.array(z.object({ user_id: z.number().int(), nickname: z.string(), username: z.string() })),
  /** The organisation's effective settings (its own values over the platform's). */
  settings: ZSiteSettings,
});
export type TSiteDetail = z.infer<typeof ZSiteDetail>;

/** The editable fields; optional ones absent stay as they are, empty or null clears them. */
const siteFields = {
  name: ZSiteName,
  name_en: clearable(ZSiteNameEn),
  service_type: ZServiceType,
  domain: clearable(ZDomain),
  address: clearable(ZSiteAddress),
  remarks: clearable(ZSiteRemarks),
  province: ZProvince,
  start_at: ZMoment,
  end_at: ZMoment,
  manager: ZManagerLogin,
};
const PERIOD_ISSUE = { path: ['end_at'], message: 'validation.end_before_start' };

export const ZSiteCreateInput = z.object(siteFields).refine(endsAfterStart, PERIOD_ISSUE);
export const ZSiteUpdateInput = z
  .object({
    id: ZId,
    ...siteFields,
    name: ZSiteName.optional(),
    service_type: ZServiceType.optional(),
    settings: ZSiteSettingsInput.optional(),
  })
  .refine(endsAfterStart, PERIOD_ISSUE);

/** Member-count buckets of `/site/stat-by-star-section` (inclusive bounds; null = no upper bound). */
export const SITE_MEMBER_SECTIONS = [
  { key: '0', min: 0, max: 0 },
  { key: '1-10', min: 1, max: 10 },
  { key: '11-50', min: 11, max: 50 },
  { key: '51-200', min: 51, max: 200 },
  { key: '>200', min: 201, max: null },
] as const;

/** Columns `/site/site-stat-list` sorts by. */
export const SITE_STAT_SORTS = ['id', 'name', 'active', 'pending', 'logins', 'new_members'] as const;

/** A day as `yyyy-mm-dd` (UTC). */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid_value');

const ZSiteStatFilter = z.object({
  keyword: z.string().max(100).optional(),
  /** First and last day (UTC, inclusive) of the range of sign-ins and new members; default the last 30 days. */
  start_date: ZDay.optional(),
  end_date: ZDay.optional(),
  sort: z.enum(SITE_STAT_SORTS).default('active'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
const RANGE_ISSUE = { path: ['end_date'], message: 'validation.end_before_start' };
const rangeInOrder = (v: { start_date?: string; end_date?: string }) =>
  !v.start_date || !v.end_date || v.start_date <= v.end_date;
export const ZSiteStatInput = ZSiteStatFilter.refine(rangeInOrder, RANGE_ISSUE);

export const ZSiteStatRow = z.object({
  site_id: z.number().int(),
  name: z.string(),
  status: ZStatus,
  province: z.string().nullable(),
  active: z.number().int(),
  pending: z.number().int(),
  /** Sign-ins of members of the organisation in the range. */
  logins: z.number().int(),
  /** Memberships created in the range. */
  new_members: z.number().int(),
});
export type TSiteStatRow = z.infer<typeof ZSiteStatRow>;

const ZProvinceCount = z.object({
  /** The province's code, or null for organisations without one. */
  code: z.string().nullable(),
  /** Its name in the caller's language ('' for null). */
  name: z.string(),
  count: z.number().int(),
});

/** The caller's current organisation as its managers edit it (team settings). */
export const ZMySiteSettings = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string().nullable(),
  domain: z.string().nullable(),
  logo: z.string().nullable(),
  icon_logo: z.string().nullable(),
});
export type TMySiteSettings = z.infer<typeof ZMySiteSettings>;

/** The review gates of an organisation (docs/question-bank.md, docs/projects.md "Review gates"). */
export const ZReviewSwitches = z.object({
  /** New and edited questions (and proposed categories) wait for a content manager's review. */
  question_review: z.boolean(),
  /** Published projects wait for the platform audit. */
  project_audit: z.boolean(),
  /** The platform lets organisations turn its audit of their projects off. */
  project_audit_optional: z.boolean(),
});
export type TReviewSwitches = z.infer<typeof ZReviewSwitches>;

export const siteProcedures = {
  siteList: procedure({
    path: '/site/list',
    platform: true,
    summary:
      'Organisations of the platform, newest first, with their active member count; the keyword searches the ' +
      'name, English name and domain.',
    input: ZListInput.extend({ status: ZStatus.optional(), service_type: ZServiceType.optional() }),
    output: listOutput(ZSiteRow),
  }),
  siteStatList: procedure({
    path: '/site/site-stat-list',
    platform: true,
    summary:
      'Per organisation: active and pending members, sign-ins and new memberships in a range of days (UTC, ' +
      'default the last 30), paged and sorted by a column; the keyword searches the name.',
    input: ZSiteStatFilter.extend({ page: ZListInput.shape.page, pageSize: ZListInput.shape.pageSize }).refine(
      rangeInOrder,
      RANGE_ISSUE,
    ),
    output: listOutput(ZSiteStatRow).extend({ start_date: z.string(), end_date: z.string() }),
  }),
  siteStatListExport: procedure({
    path: '/site/site-stat-list-export',
    platform: true,
    summary: 'The rows of /site/site-stat-list (every page, same filters and order) as an xlsx file (base64).',
    input: ZSiteStatInput,
    output: ZFilePayload,
  }),
  siteStatByStarSection: procedure({
    path: '/site/stat-by-star-section',
    platform: true,
    summary: 'Organisations counted by their active members in the buckets 0, 1-10, 11-50, 51-200 and >200.',
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ key: z.string(), count: z.number().int() })) }),
  }),
  siteStatByProvince: procedure({
    path: '/site/stat-by-province',
    platform: true,
    summary: 'Organisations counted by province, most first (those without a province as code null).',
    input: z.object({}),
    output: z.object({ list: z.array(ZProvinceCount) }),
  }),
  siteAreaDistribute: procedure({
    path: '/site/site-area-distribute',
    platform: true,
    summary:
      'Every province (in /place/list order) with its organisations and their active members, for a map or chart.',
    input: z.object({}),
    output: z.object({
      list: z.array(ZProvinceCount.extend({ code: z.string(), members: z.number().int() })),
      unassigned: z.object({ count: z.number().int(), members: z.number().int() }),
    }),
  }),
  siteChangeUserSite: procedure({
    path: '/site/change-user-site',
    platform: true,
    summary:
      "Moves a user's membership (status and roles) from one organisation to another; answers conflict when the " +
      'user is already a member of the target, not_found when not a member of the source.',
    input: z
      .object({ user_id: ZId, from_site_id: ZId, to_site_id: ZId })
      .refine((v) => v.from_site_id !== v.to_site_id, { path: ['to_site_id'], message: 'validation.invalid_value' }),
    output: z.object({ user_id: z.number().int(), site_id: z.number().int(), membership_id: z.number().int() }),
  }),
  siteInvitationList: procedure({
    path: '/site/invitation-list',
    platform: true,
    summary: 'Invitation links of any organisation (or of one), newest first, with the organisation named.',
    input: ZListInput.extend({ site_id: ZId.optional() }),
    output: listOutput(ZInvitationRow.extend({ site_id: z.number().int(), site_name: z.string() })),
  }),
  siteInvitationCreate: procedure({
    path: '/site/invitation-create',
    platform: true,
    summary: 'A new invitation link of the given organisation (as /invitation/create for its managers).',
    input: z.object({ site_id: ZId, remarks: z.string().trim().max(255).default('') }),
    output: ZInvitationRow.extend({ site_id: z.number().int(), site_name: z.string() }),
  }),
  placeList: procedure({
    path: '/place/list',
    access: 'authenticated',
    summary: "China's 34 provincial divisions with their codes and Chinese and English names.",
    input: z.object({}),
    output: z.object({ list: z.array(z.object({ code: z.string(), name_zh: z.string(), name_en: z.string() })) }),
  }),
  siteDetail: procedure({
    path: '/site/detail',
    platform: true,
    summary: 'One organisation: its fields, logos, member counts by status, managers and settings.',
    input: z.object({ id: ZId }),
    output: ZSiteDetail,
  }),
  siteForm: procedure({
    path: '/site/form',
    platform: true,
    summary: 'Options of the organisation form and filters: service types and statuses.',
    input: z.object({}),
    output: z.object({
      service_types: z.array(z.object({ value: z.number().int(), key: z.string() })),
      statuses: z.array(ZStatus),
    }),
  }),
  siteCreate: procedure({
    path: '/site/create',
    platform: true,
    summary:
      'Creates an open organisation. `manager` (an existing username or email) becomes its active member with ' +
      'the manager and teacher roles; an unknown one answers user_not_found. The name must be free.',
    input: ZSiteCreateInput,
    output: ZSiteDetail,
  }),
  siteUpdate: procedure({
    path: '/site/update',
    platform: true,
    summary:
      "Changes an organisation's fields (absent ones stay, empty ones are cleared) and settings; `manager` adds " +
      'a manager (manager and teacher roles, membership made active).',
    input: ZSiteUpdateInput,
    output: ZSiteDetail,
  }),
  siteDelete: procedure({
    path: '/site/delete',
    platform: true,
    summary:
      "Deletes an organisation with its memberships, invitations and settings. The caller's current organisation " +
      'cannot be deleted (site_in_use). Members working in it lose it at once.',
    input: z.object({ id: ZId }),
    output: z.object({ ok: z.literal(true) }),
  }),
  siteOpen: procedure({
    path: '/site/open',
    platform: true,
    summary: 'Opens a closed organisation: its members can log in to it again.',
    input: z.object({ id: ZId }),
    output: z.object({ id: z.number().int(), status: ZStatus }),
  }),
  siteClose: procedure({
    path: '/site/close',
    platform: true,
    summary:
      "Closes an organisation: its members cannot log in to it, and open sessions lose it at once. The caller's " +
      'current organisation cannot be closed (site_in_use).',
    input: z.object({ id: ZId }),
    output: z.object({ id: z.number().int(), status: ZStatus }),
  }),
  siteUpdateLogo: procedure({
    path: '/site/update-logo',
    platform: true,
    summary:
      "Sets an organisation's logo or icon logo from a base64 data URL of a JPEG or PNG image of 1 KB to 2 MB " +
      '(the bytes are checked); answers its public path.',
    input: z.object({ id: ZId, kind: z.enum(['logo', 'icon_logo']), image: ZAvatarDataUrl }),
    output: z.object({ kind: z.enum(['logo', 'icon_logo']), url: z.string() }),
    bodyLimit: AVATAR_DATA_URL_MAX + 16 * 1024,
  }),
  siteMySettings: procedure({
    path: '/site/my-settings',
    summary: "The caller's current organisation: name, address, domain and logos (team settings).",
    input: z.object({}),
    output: ZMySiteSettings,
  }),
  siteMySettingsUpdate: procedure({
    path: '/site/my-settings-update',
    summary:
      "Changes the current organisation's name (unique: site_name_taken), address and domain (empty clears them).",
    input: z.object({ name: ZSiteName, address: clearable(ZSiteAddress), domain: clearable(ZDomain) }),
    output: ZMySiteSettings,
  }),
  siteMyReviews: procedure({
    path: '/site/my-reviews',
    summary: "The current organisation's review gates: question review, the platform audit of its projects.",
    input: z.object({}),
    output: ZReviewSwitches,
  }),
  siteMyReviewsUpdate: procedure({
    path: '/site/my-reviews-update',
    summary:
      "Turns the current organisation's reviews on or off (absent fields stay); the project audit only where the " +
      'platform allows it (project_audit_not_optional). While a review is off, new items pass at once, recorded as ' +
      'passed by the system.',
    input: z.object({ question_review: z.boolean().optional(), project_audit: z.boolean().optional() }),
    output: ZReviewSwitches,
  }),
  siteMyLogo: procedure({
    path: '/site/my-logo',
    summary: "Sets the current organisation's logo or icon logo (the rules of /site/update-logo).",
    input: z.object({ kind: z.enum(['logo', 'icon_logo']), image: ZAvatarDataUrl }),
    output: z.object({ kind: z.enum(['logo', 'icon_logo']), url: z.string() }),
    bodyLimit: AVATAR_DATA_URL_MAX + 16 * 1024,
  }),
  siteMembers: procedure({
    path: '/site/members',
    platform: true,
    summary: "One organisation's members with their roles and status, paged; the keyword searches people.",
    input: ZListInput.extend({ id: ZId, status: z.enum(['active', 'pending']).optional() }),
    output: listOutput(ZMemberRow),
  }),
} as const;
