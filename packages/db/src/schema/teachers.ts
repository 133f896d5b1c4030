import { boolean, index, jsonb, pgTable, primaryKey, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { at, atNow, createdAt, id, ref } from './columns.ts';
import { sites, users } from './iam.ts';

/**
 * Teacher applications and profiles (learning modules 7/8, /user/teacher-...): one per member of an
 * organisation. `applied` -> `verified` (grants role_teacher) or `rejected` (with a reason; the member may
 * apply again). Blacklisted and top are flags a manager sets independently of the status.
 */
export const teacherProfiles = pgTable(
  'teacher_profiles',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 50 }).notNull().default(''),
    bio: varchar('bio', { length: 500 }).notNull().default(''),
    subjects: jsonb('subjects').notNull().$type<string[]>().default([]),
    status: varchar('status', { length: 16 }).notNull().default('applied').$type<'applied' | 'verified' | 'rejected'>(),
    rejectReason: varchar('reject_reason', { length: 255 }),
    blacklisted: boolean('blacklisted').notNull().default(false),
    top: boolean('top').notNull().default(false),
    appliedAt: atNow('applied_at'),
    verifiedAt: at('verified_at'),
    verifiedBy: ref('verified_by').references(() => users.id, { onDelete: 'set null' }),
    /** Public URL of the uploaded resume (PDF/DOCX in the file store), if any. */
    resumeUrl: varchar('resume_url', { length: 255 }),
  },
  (t) => [
    uniqueIndex('teacher_profiles_site_user').on(t.siteId, t.userId),
    index('teacher_profiles_site_status').on(t.siteId, t.status),
  ],
);

/** Notices to teachers: of one organisation, or platform-wide when `site_id` is null. */
export const teacherNotices = pgTable(
  'teacher_notices',
  {
    id: id(),
    siteId: ref('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    content: varchar('content', { length: 2000 }).notNull(),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('teacher_notices_site').on(t.siteId)],
);

/** Which teacher read which notice, and when (first read). */
export const teacherNoticeReads = pgTable(
  'teacher_notice_reads',
  {
    noticeId: ref('notice_id')
      .notNull()
      .references(() => teacherNotices.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: atNow('read_at'),
  },
  (t) => [primaryKey({ columns: [t.noticeId, t.userId] }), index('teacher_notice_reads_user').on(t.userId)],
);

/** Members following a teacher of their organisation (`/user/teacher-follow-...`). */
export const teacherFollows = pgTable(
  'teacher_follows',
  {
    teacherProfileId: ref('teacher_profile_id')
      .notNull()
      .references(() => teacherProfiles.id, { onDelete: 'cascade' }),
    userId: ref('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.teacherProfileId, t.userId] }), index('teacher_follows_user').on(t.userId)],
);
