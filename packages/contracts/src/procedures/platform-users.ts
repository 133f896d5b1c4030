import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { ZMobile } from '../rules.ts';

const ZId = z.number().int().positive();
/** A calendar day, `2026-01-31`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid_value');

export const ACCOUNT_STATUSES = ['active', 'disabled'] as const;
export const ZAccountStatus = z.enum(ACCOUNT_STATUSES);

/** Sign-in buckets of `/user/stat-by-star-section` (sign-ins in the last 30 days). */
export const SIGN_IN_SECTIONS = ['0', '1-5', '6-20', '21+'] as const;

/** Records shown on the platform user detail page. */
export const PLATFORM_USER_RECENT_RECORDS = 10;

export const ZPlatformUserRow = z.object({
  id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  status: ZAccountStatus,
  /** Organisations the account belongs to (any membership status). */
  organisations: z.number().int(),
  created_at: z.string(),
  last_login_at: z.string().nullable(),
});
export type TPlatformUserRow = z.infer<typeof ZPlatformUserRow>;

/** A line of the audit log about an account: its sign-ins and what it did, or what was done to it. */
export const ZUserRecord = z.object({
  id: z.number().int(),
  created_at: z.string(),
  action: z.string(),
  /** `self`: the account did it (sign-ins included); `target`: somebody did it to the account. */
  kind: z.enum(['self', 'target']),
  actor_username: z.string().nullable(),
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  ip: z.string().nullable(),
});
export type TUserRecord = z.infer<typeof ZUserRecord>;

export const ZPlatformUserDetail = z.object({
  info: z.object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string(),
    real_name: z.string().nullable(),
    email: z.string().nullable(),
    mobile: z.string().nullable(),
    status: ZAccountStatus,
    current_site_id: z.number().int().nullable(),
    created_at: z.string(),
    last_login_at: z.string().nullable(),
  }),
  organisations: z.array(
    z.object({
      site_id: z.number().int(),
      site_name: z.string(),
      site_status: z.enum(['open', 'closed']),
      status: z.enum(['active', 'pending']),
      current_role: z.string(),
      roles: z.array(z.string()),
      joined_at: z.string(),
    }),
  ),
  records: z.array(ZUserRecord),
});
export type TPlatformUserDetail = z.infer<typeof ZPlatformUserDetail>;

const ZOnlineCounts = z.object({ users: z.number().int(), sockets: z.number().int() });

export const platformUserProcedures = {
  platformUserList: procedure({
    path: '/user/list',
    platform: true,
    summary:
      'Every account on the platform, newest first. Filters: keyword (username, nickname, email, mobile), ' +
      'status, organisation (a membership in it), creation date range (days, inclusive, UTC).',
    input: ZListInput.extend({
      status: ZAccountStatus.optional(),
      site_id: ZId.optional(),
      from: ZDay.optional(),
      to: ZDay.optional(),
    }),
    output: listOutput(ZPlatformUserRow),
  }),
  platformUserForm: procedure({
    path: '/user/form',
    platform: true,
    summary: 'Options of the platform user list: account statuses and organisations.',
    input: z.object({}),
    output: z.object({
      statuses: z.array(ZAccountStatus),
      sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
    }),
  }),
  platformUserRecords: procedure({
    path: '/user/records',
    platform: true,
    summary: "An account's sign-ins and administrative actions (by it or on it) from the audit log, newest first.",
    input: z.object({
      user_id: ZId,
      page: ZListInput.shape.page,
      pageSize: ZListInput.shape.pageSize,
    }),
    output: listOutput(ZUserRecord),
  }),
  platformUserDetail: procedure({
    path: '/user/platform-detail',
    platform: true,
    summary: 'One account across the platform: information, organisations with roles, and its newest records.',
    input: z.object({ user_id: ZId }),
    output: ZPlatformUserDetail,
  }),
  platformUserSetStatus: procedure({
    path: '/user/set-status',
    platform: true,
    summary: 'Enables or disables an account; disabling ends its sessions. Nobody disables themself.',
    input: z.object({ user_id: ZId, status: ZAccountStatus }),
    output: z.object({ ok: z.literal(true) }),
  }),
  userStatBySignIns: procedure({
    path: '/user/stat-by-star-section',
    platform: true,
    summary: 'Accounts bucketed by their sign-ins in the last 30 days: 0, 1-5, 6-20, more than 20.',
    input: z.object({}),
    output: z.object({
      list: z.array(z.object({ section: z.enum(SIGN_IN_SECTIONS), users: z.number().int() })),
    }),
  }),
  userStatDayListAlias: procedure({
    path: '/user/user-stat-day-list',
    platform: true,
    summary:
      'Per day of a range (at most 366 days, default the last 30, UTC): new accounts, sign-ins and active users ' +
      '(the same figures as /system/user-stat-day-list).',
    input: z.object({ from: ZDay.optional(), to: ZDay.optional() }),
    output: z.object({
      list: z.array(
        z.object({
          day: z.string(),
          new_users: z.number().int(),
          sign_ins: z.number().int(),
          active_users: z.number().int(),
        }),
      ),
    }),
  }),
  systemWsStat: procedure({
    path: '/system/ws-stat',
    platform: true,
    summary: 'Open websockets on the platform: users and sockets, and online users per current organisation.',
    input: z.object({}),
    output: ZOnlineCounts.extend({
      /** Per current organisation (none: site_id and site_name null), most users first. */
      sites: z.array(
        z.object({ site_id: z.number().int().nullable(), site_name: z.string().nullable(), users: z.number().int() }),
      ),
    }),
  }),
  systemOnlineUsersAll: procedure({
    path: '/system/online-users-all',
    platform: true,
    summary:
      'The totals, and one page of the users with an open websocket (by id; the keyword searches username and ' +
      'nickname): their current organisation and role, since when they are connected and how many sockets.',
    input: ZListInput,
    output: ZOnlineCounts.extend(
      listOutput(
        z.object({
          user_id: z.number().int(),
          username: z.string(),
          nickname: z.string(),
          site_id: z.number().int().nullable(),
          site_name: z.string().nullable(),
          /** The current role's title in the caller's language; null without a current organisation. */
          role_name: z.string().nullable(),
          /** When the user's earliest open socket opened (null when an older instance did not say). */
          since: z.string().nullable(),
          sockets: z.number().int(),
        }),
      ).shape,
    ),
  }),
  systemMqStat: procedure({
    path: '/system/mq-stat',
    platform: true,
    summary: 'State of background work: the mail outbox by status, and the age of the oldest pending mail.',
    input: z.object({}),
    output: z.object({
      outbox: z.array(z.object({ status: z.string(), count: z.number().int() })),
      oldest_pending_at: z.string().nullable(),
      oldest_pending_seconds: z.number().int().nullable(),
    }),
  }),
  systemAliStat: procedure({
    path: '/system/ali-stat',
    platform: true,
    summary:
      'Cloud-service usage. This deployment runs without Alibaba Cloud, so it answers the services it runs itself: stored files and bytes per top folder of the file store (its folder or its bucket), the mail outbox by status, and open websockets.',
    input: z.object({}),
    output: z.object({
      /** `local`: the figures come from this deployment's own file store, mail outbox and websocket hub. */
      provider: z.literal('local'),
      storage: z.object({
        /** Where the files are: `local` (DATA_DIR/files) or `s3` (an S3-compatible bucket). */
        kind: z.enum(['local', 's3']),
        folders: z.array(z.object({ folder: z.string(), files: z.number().int(), bytes: z.number().int() })),
        files: z.number().int(),
        bytes: z.number().int(),
      }),
      mail: z.array(z.object({ status: z.string(), count: z.number().int() })),
      websocket: ZOnlineCounts,
      measured_at: z.string(),
    }),
  }),
  selfUpdateMobile: procedure({
    path: '/user/update-mobile',
    access: 'authenticated',
    summary: "Changes the caller's mobile number; one taken by another account is refused.",
    input: z.object({ mobile: ZMobile }),
    output: z.object({ ok: z.literal(true) }),
  }),
  selfGetUserMobile: procedure({
    path: '/user/get-user-mobile',
    access: 'authenticated',
    summary: "The caller's mobile number, masked (138****0000), or null.",
    input: z.object({}),
    output: z.object({ mobile: z.string().nullable() }),
  }),
  userIndex: procedure({
    path: '/user/index',
    access: 'authenticated',
    summary:
      "The dashboard the caller's current role opens: the default route of its first permitted module " +
      '(navigation catalogue order).',
    input: z.object({}),
    output: z.object({ module: z.string().nullable(), route_name: z.string().nullable(), path: z.string() }),
  }),
} as const;
