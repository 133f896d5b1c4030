import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
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
import { ZMemberRow } from './members.ts';

/**
 * Service types of an organisation: 0 standard, 1 annotation team (spec §2: the activation-code menus are
 * hidden for type 1). The web translates each `key` in the `sites` namespace (`service_type_<key>`).
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
const ZManagerLogin = z.string().trim().min(1, 'validation.username_required').max(64).optional();

/** An organisation's effective settings, as stored (switches are '0' or '1'). */
export const ZSiteSettings = z.object({
  help_url: z.string(),
  open_webrtc: z.string(),
  showCdkey: z.string(),
  open_audit_edit: z.string(),
  open_chatgpt: z.string(),
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
  siteMembers: procedure({
    path: '/site/members',
    platform: true,
    summary: "One organisation's members with their roles and status, paged; the keyword searches people.",
    input: ZListInput.extend({ id: ZId, status: z.enum(['active', 'pending']).optional() }),
    output: listOutput(ZMemberRow),
  }),
} as const;
