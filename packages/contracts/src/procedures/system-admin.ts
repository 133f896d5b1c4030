import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

const ZId = z.number().int().positive();
/** A calendar day, `2026-01-31`. */
const ZDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'validation.invalid_value');
const OK = z.object({ ok: z.literal(true) });

/** Announcement limits: a title up to 100 characters, content up to 255. */
export const ANNOUNCEMENT_LIMITS = { title: 100, content: 255 } as const;

export const ZAuditLogRow = z.object({
  id: z.number().int(),
  created_at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  nickname: z.string().nullable(),
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  action: z.string(),
  target_type: z.string().nullable(),
  target_id: z.string().nullable(),
  /** The target's current name when it still exists (an organisation's, a user's, a role's...). */
  target_name: z.string().nullable(),
  ip: z.string().nullable(),
  /** What the writer recorded, e.g. `{ before, after }`. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type TAuditLogRow = z.infer<typeof ZAuditLogRow>;

export const ZAnnouncement = z.object({
  id: z.number().int(),
  site_id: z.number().int().nullable(),
  site_name: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  published_at: z.string(),
  created_by: z.string().nullable(),
});
export type TAnnouncement = z.infer<typeof ZAnnouncement>;

const announcementFields = {
  title: z.string().trim().min(1, 'validation.required').max(ANNOUNCEMENT_LIMITS.title, 'validation.too_long'),
  content: z.string().trim().max(ANNOUNCEMENT_LIMITS.content, 'validation.too_long').default(''),
  /** Null: every organisation. */
  site_id: ZId.nullable().default(null),
};

export const ZUserStatDay = z.object({
  day: z.string(),
  new_users: z.number().int(),
  sign_ins: z.number().int(),
  active_users: z.number().int(),
});

export const systemAdminProcedures = {
  systemLogs: procedure({
    path: '/system/logs',
    platform: true,
    summary:
      'The audit log of every write, newest first: when, who, organisation, action, target, ip and details ' +
      '(before/after). Filters: keyword (action, target type or id), user (username or nickname), ' +
      'organisation, action, date range (days, inclusive).',
    input: ZListInput.extend({
      user: z.string().trim().max(64).optional(),
      site_id: ZId.optional(),
      action: z.string().trim().max(64).optional(),
      from: ZDay.optional(),
      to: ZDay.optional(),
    }),
    output: listOutput(ZAuditLogRow),
  }),
  announcementList: procedure({
    path: '/system/announcement-list',
    platform: true,
    summary: 'Announcements, newest first; the keyword searches title and content; site_id filters by organisation.',
    input: ZListInput.extend({ site_id: ZId.optional() }),
    output: listOutput(ZAnnouncement),
  }),
  announcementCreate: procedure({
    path: '/system/announcement-create',
    platform: true,
    summary: 'Publishes an announcement to one organisation, or to all (no site_id).',
    input: z.object(announcementFields),
    output: ZAnnouncement,
  }),
  announcementUpdate: procedure({
    path: '/system/announcement-update',
    platform: true,
    summary: 'Changes an announcement’s title, content or organisation.',
    input: z.object({ id: ZId, ...announcementFields }),
    output: ZAnnouncement,
  }),
  announcementDelete: procedure({
    path: '/system/announcement-delete',
    platform: true,
    summary: 'Deletes an announcement.',
    input: z.object({ id: ZId }),
    output: OK,
  }),
  userStatDayList: procedure({
    path: '/system/user-stat-day-list',
    platform: true,
    summary:
      'Per day of a range (at most 366 days, default the last 30, days in UTC): new users, sign-ins and active ' +
      'users (distinct users who signed in that day).',
    input: z.object({ from: ZDay.optional(), to: ZDay.optional() }),
    output: z.object({ list: z.array(ZUserStatDay) }),
  }),
  userAnnouncements: procedure({
    path: '/user/announcements',
    access: 'authenticated',
    summary:
      'Announcements for the caller’s current organisation (its own and those for all), newest first, at most 50.',
    input: z.object({}),
    output: z.object({ list: z.array(ZAnnouncement) }),
  }),
} as const;
