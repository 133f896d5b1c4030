import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZEmail, ZMobile, ZNickname, ZSignupPassword } from '../rules.ts';
import { ZUsername } from './registration.ts';

export const ZMemberRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(['active', 'pending']),
  joined_at: z.string(),
  /**
   * The account is not this organisation's alone (a membership of another organisation, or a platform role):
   * its password, email, mobile and nickname are changed only by its holder (see ARCHITECTURE, People management).
   */
  account_shared: z.boolean(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;

/** Limits of people management: the import file and the export. */
export const MEMBER_LIMITS = {
  /** Bytes of one import file. */
  importBytes: 5 * 1024 * 1024,
  /** Data rows of one import file (the header row not counted). */
  importRows: 10_000,
  /** Rows of one export. */
  exportRows: 50_000,
  /** Login records shown on the detail page. */
  loginRecords: 20,
} as const;

/** The extensions an import file may have (.xls is refused by the server as file_type_wrong; see ARCHITECTURE). */
export const MEMBER_IMPORT_EXTENSIONS = ['csv', 'xls', 'xlsx'] as const;

/** Columns of the import template, in order (the header row holds these keys). */
export const MEMBER_IMPORT_COLUMNS = ['username', 'nickname', 'email', 'mobile', 'password', 'roles'] as const;

/** Why one row of an import was not created. */
export const MEMBER_IMPORT_FAILURES = [
  'missing_username',
  'bad_username',
  'bad_nickname',
  'bad_email',
  'bad_mobile',
  'weak_password',
  'duplicate_in_file',
  'username_taken',
  'email_taken',
  'unknown_role',
] as const;
export type TMemberImportFailure = (typeof MEMBER_IMPORT_FAILURES)[number];

const ZUserId = z.number().int().positive();
const ZRoleKeys = z.array(z.string().min(1).max(64)).min(1).max(20);
const ZOptionalEmail = z.union([ZEmail, z.literal('')]).optional();
const ZOptionalMobile = z.union([ZMobile, z.literal('')]).optional();

const ZMemberFilter = z.object({
  keyword: z.string().max(100).optional(),
  role: z.string().max(64).optional(),
  status: z.enum(['active', 'pending']).optional(),
});

/** A generated file travelling in JSON: its name and its bytes in base64. */
export const ZFilePayload = z.object({ file_name: z.string(), mime: z.string(), content_base64: z.string() });
export type TFilePayload = z.infer<typeof ZFilePayload>;

export const ZMemberDetail = z.object({
  user_id: z.number().int(),
  membership_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  real_name: z.string().nullable(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  status: z.enum(['active', 'pending']),
  account_status: z.enum(['active', 'disabled']),
  joined_at: z.string(),
  created_at: z.string(),
  /** The newest sign-in to this organisation. */
  last_login_at: z.string().nullable(),
  current_role: z.string(),
  roles: z.array(z.string()),
  /** As in the member list: the account fields are its holder's to change. No other organisation is named. */
  account_shared: z.boolean(),
  /** The newest sign-ins to this organisation (audit lines of this organisation only). */
  login_records: z.array(z.object({ action: z.string(), ip: z.string().nullable(), created_at: z.string() })),
});
export type TMemberDetail = z.infer<typeof ZMemberDetail>;

export const ZMemberImportResult = z.object({
  success: z.number().int(),
  failures: z.array(z.object({ row: z.number().int(), username: z.string(), reason: z.enum(MEMBER_IMPORT_FAILURES) })),
});
export type TMemberImportResult = z.infer<typeof ZMemberImportResult>;

/** The longest base64 text an import file of the largest size makes, with room for a data URL prefix. */
const IMPORT_CONTENT_MAX = Math.ceil(MEMBER_LIMITS.importBytes / 3) * 4 + 256;

export const memberProcedures = {
  mylist: procedure({
    path: '/user/mylist',
    summary: "Members of the caller's organisation (organisational structure), with roles and status.",
    input: ZListInput.extend({
      role: z.string().max(64).optional(),
      status: z.enum(['active', 'pending']).optional(),
    }),
    output: listOutput(ZMemberRow),
  }),
  memberDetail: procedure({
    path: '/user/member-detail',
    summary:
      'One member of the organisation: account, membership and roles here, whether the account is shared, and the ' +
      'newest sign-ins to this organisation.',
    input: z.object({ user_id: ZUserId }),
    output: ZMemberDetail,
    tenantIds: { user_id: 'user' },
  }),
  memberRoles: procedure({
    path: '/user/member-roles',
    summary: 'The roles a manager may give members of the organisation (tenant roles).',
    input: z.object({}),
    output: z.array(z.object({ key: z.string(), name: z.string(), builtin: z.boolean() })),
  }),
  create: procedure({
    path: '/user/create',
    summary: 'Creates an account that is an active member of the organisation with the given roles.',
    input: z.object({
      username: ZUsername,
      nickname: ZNickname,
      email: ZOptionalEmail,
      mobile: ZOptionalMobile,
      password: ZSignupPassword,
      roles: ZRoleKeys,
    }),
    output: z.object({ user_id: z.number().int() }),
  }),
  update: procedure({
    path: '/user/update',
    summary:
      "Changes a member's nickname, email, mobile and roles in the organisation. On a shared account (see " +
      'account_shared) only the roles change; other changed values answer account_shared.',
    input: z.object({
      user_id: ZUserId,
      nickname: ZNickname,
      email: ZOptionalEmail,
      mobile: ZOptionalMobile,
      roles: ZRoleKeys,
    }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { user_id: 'user' },
  }),
  remove: procedure({
    path: '/user/delete',
    summary:
      'Removes a member from the organisation (the account stays); nobody removes themself, nor a member holding ' +
      'a platform role (role_not_held).',
    input: z.object({ user_id: ZUserId }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { user_id: 'user' },
  }),
  resetPassword: procedure({
    path: '/user/reset-password',
    summary: "Sets a member's password and ends every session of the account; a shared account answers account_shared.",
    input: z.object({ user_id: ZUserId, password: ZSignupPassword }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { user_id: 'user' },
  }),
  exportUsers: procedure({
    path: '/user/export-user-data',
    summary: 'The members matching the filters as an xlsx file (base64).',
    input: z.object({ filters: ZMemberFilter.default({}) }),
    output: ZFilePayload,
  }),
  importTemplate: procedure({
    path: '/user/import-template',
    summary: 'The xlsx template of the member import.',
    input: z.object({}),
    output: ZFilePayload,
  }),
  import: procedure({
    path: '/user/import',
    summary:
      'Creates members from one .csv or .xlsx file (at most 5 MB); good rows are created together, each bad row comes back with its reason.',
    input: z.object({
      file_name: z.string().trim().min(1).max(255),
      /** The file as a data URL or plain base64. */
      content: z.string().min(1).max(IMPORT_CONTENT_MAX),
    }),
    output: ZMemberImportResult,
    bodyLimit: IMPORT_CONTENT_MAX + 4096,
  }),
} as const;
