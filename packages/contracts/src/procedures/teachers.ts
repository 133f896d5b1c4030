import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';
import { teacherDataProcedures } from './teachers-data.ts';

export * from './teachers-data.ts';

/**
 * Teachers of an organisation (learning modules 7 /lecturer and 8 /manager/lecturer, /user/teacher-...):
 * members apply, managers verify (granting role_teacher) or reject with a reason, blacklist and pin
 * ("top") teachers, and send notices that teachers read.
 */
export const TEACHER_LIMITS = {
  title: 50,
  bio: 500,
  subjects: 10,
  subject: 32,
  reason: 255,
  noticeTitle: 100,
  noticeContent: 2000,
  /** Words of one `/user/teacher-ai-search` keyword that count; answers at most `searchResults` teachers. */
  searchWords: 10,
  searchKeyword: 100,
  searchResults: 50,
  /** Largest import file and data rows of `/user/teacher-import`. */
  importBytes: 5 * 1024 * 1024,
  importRows: 5000,
  /** Largest resume (PDF or DOCX) of `/user/teacher-import-resume`. */
  resumeBytes: 5 * 1024 * 1024,
} as const;

/** Columns of the teacher import (the header row holds these keys or their Chinese titles). */
export const TEACHER_IMPORT_COLUMNS = ['username', 'title', 'subjects'] as const;

/** Why one row of a teacher import made no teacher. */
export const TEACHER_IMPORT_FAILURES = [
  'missing_username',
  'not_member',
  'bad_title',
  'bad_subjects',
  'duplicate_in_file',
  'already_teacher',
  'blacklisted',
] as const;
export type TTeacherImportFailure = (typeof TEACHER_IMPORT_FAILURES)[number];

export const ZTeacherImportResult = z.object({
  success: z.number().int(),
  failures: z.array(z.object({ row: z.number().int(), username: z.string(), reason: z.enum(TEACHER_IMPORT_FAILURES) })),
});
export type TTeacherImportResult = z.infer<typeof ZTeacherImportResult>;

/** Base64 text of a file of `bytes`, with room for a data URL prefix. */
const base64Max = (bytes: number) => Math.ceil(bytes / 3) * 4 + 256;

export const TEACHER_STATUSES = ['applied', 'verified', 'rejected'] as const;
export type TTeacherStatus = (typeof TEACHER_STATUSES)[number];

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });

const ZTeacherFields = z.object({
  title: z.string().trim().max(TEACHER_LIMITS.title, 'validation.too_long').default(''),
  bio: z.string().trim().max(TEACHER_LIMITS.bio, 'validation.too_long').default(''),
  subjects: z
    .array(z.string().trim().min(1, 'validation.required').max(TEACHER_LIMITS.subject, 'validation.too_long'))
    .max(TEACHER_LIMITS.subjects)
    .default([])
    .transform((subjects) => [...new Set(subjects)]),
});

export const ZTeacherRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  title: z.string(),
  bio: z.string(),
  subjects: z.array(z.string()),
  status: z.enum(TEACHER_STATUSES),
  reject_reason: z.string().nullable(),
  blacklisted: z.boolean(),
  top: z.boolean(),
  applied_at: z.string(),
  verified_at: z.string().nullable(),
  /** Public URL of the uploaded resume (`/files/...`), or null. */
  resume_url: z.string().nullable(),
});
export type TTeacherRow = z.infer<typeof ZTeacherRow>;

export const ZTeacherNoticeRow = z.object({
  id: z.number().int(),
  /** False for a platform-wide notice (no organisation). */
  own_site: z.boolean(),
  title: z.string(),
  content: z.string(),
  created_by_nickname: z.string().nullable(),
  created_at: z.string(),
  /** Manager list: how many people have read it. */
  read_count: z.number().int(),
});
export type TTeacherNoticeRow = z.infer<typeof ZTeacherNoticeRow>;

export const ZTeacherNoticeItem = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  read_at: z.string().nullable(),
});
export type TTeacherNoticeItem = z.infer<typeof ZTeacherNoticeItem>;

/** A verified teacher as a member who follows them sees it. */
export const ZFollowedTeacher = z.object({
  id: z.number().int(),
  nickname: z.string(),
  title: z.string(),
  bio: z.string(),
  subjects: z.array(z.string()),
  resume_url: z.string().nullable(),
  followed_at: z.string(),
});
export type TFollowedTeacher = z.infer<typeof ZFollowedTeacher>;

export const teacherProcedures = {
  teacherForm: procedure({
    path: '/user/teacher-form',
    summary: "The caller's own teacher application in the current organisation (null when none) and the form limits.",
    access: 'authenticated',
    input: z.object({}),
    output: z.object({
      limits: z.object({ title: z.number().int(), bio: z.number().int(), subjects: z.number().int() }),
      application: ZTeacherRow.nullable(),
    }),
  }),
  teacherCreate: procedure({
    path: '/user/teacher-create',
    summary:
      'The caller applies to be a teacher of the current organisation (again after a rejection); conflict when an application is pending, already verified, or the caller is blacklisted.',
    access: 'authenticated',
    input: ZTeacherFields,
    output: ZTeacherRow,
  }),
  teacherList: procedure({
    path: '/user/teacher-list',
    summary:
      "Teachers and applications of the caller's organisation, pinned ones first, then newest; the keyword searches usernames, nicknames and titles.",
    input: ZListInput.extend({ status: z.enum(TEACHER_STATUSES).optional(), blacklisted: z.boolean().optional() }),
    output: listOutput(ZTeacherRow),
  }),
  teacherDetail: procedure({
    path: '/user/teacher-detail',
    summary: 'One teacher or application of the organisation.',
    input: z.object({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherUpdate: procedure({
    path: '/user/teacher-update',
    summary: "Changes a teacher's title, introduction and subjects.",
    input: ZTeacherFields.extend({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherDelete: procedure({
    path: '/user/teacher-delete',
    summary: 'Deletes a teacher record or application; a verified teacher also loses role_teacher in the organisation.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'teacher' },
  }),
  teacherVerify: procedure({
    path: '/user/teacher-verify',
    summary:
      'Decides a pending application: passing grants role_teacher in the organisation; rejecting needs a reason. Conflict when not pending or blacklisted.',
    input: z
      .object({
        id: ZId,
        pass: z.boolean(),
        reason: z.string().trim().max(TEACHER_LIMITS.reason, 'validation.too_long').optional(),
      })
      .refine((v) => v.pass || !!v.reason, { message: 'validation.required', path: ['reason'] }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherSetBlacklist: procedure({
    path: '/user/teacher-set-blacklist',
    summary: 'Blacklists a teacher or applicant: cannot be verified or apply again until whitelisted.',
    input: z.object({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherSetWhitelist: procedure({
    path: '/user/teacher-set-whitelist',
    summary: 'Takes a teacher or applicant off the blacklist.',
    input: z.object({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherSetTop: procedure({
    path: '/user/teacher-set-top',
    summary: 'Pins a teacher to the top of the list.',
    input: z.object({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherCancelTop: procedure({
    path: '/user/teacher-cancel-top',
    summary: 'Unpins a teacher.',
    input: z.object({ id: ZId }),
    output: ZTeacherRow,
    tenantIds: { id: 'teacher' },
  }),
  teacherStat: procedure({
    path: '/user/teacher-stat',
    summary: "Counts of the organisation's teacher records by status, and of blacklisted ones.",
    input: z.object({}),
    output: z.object({
      total: z.number().int(),
      applied: z.number().int(),
      verified: z.number().int(),
      rejected: z.number().int(),
      blacklisted: z.number().int(),
    }),
  }),
  teacherNoticeSave: procedure({
    path: '/user/teacher-notice-save',
    summary: "Creates a notice to the organisation's teachers, or changes one (with its id).",
    input: z.object({
      id: ZId.optional(),
      title: z.string().trim().min(1, 'validation.required').max(TEACHER_LIMITS.noticeTitle, 'validation.too_long'),
      content: z.string().trim().min(1, 'validation.required').max(TEACHER_LIMITS.noticeContent, 'validation.too_long'),
    }),
    output: ZTeacherNoticeRow,
    tenantIds: { id: 'teacher_notice' },
  }),
  teacherNoticeList: procedure({
    path: '/user/teacher-notice-list',
    summary: "The organisation's notices to teachers, newest first, with how many have read each.",
    input: ZListInput,
    output: listOutput(ZTeacherNoticeRow),
  }),
  teacherNoticeDetail: procedure({
    path: '/user/teacher-notice-detail',
    summary: 'One notice of the organisation (or platform-wide) for a teacher; marks it read by the caller.',
    input: z.object({ id: ZId }),
    output: ZTeacherNoticeItem,
    tenantIds: { id: 'teacher_notice' },
  }),
  teacherNoticeItemList: procedure({
    path: '/user/teacher-notice-item-list',
    summary:
      "The caller's notices as a teacher (the organisation's and platform-wide ones), newest first, with read state.",
    input: ZListInput.extend({ unread: z.boolean().optional() }),
    output: listOutput(ZTeacherNoticeItem).extend({ unread_total: z.number().int() }),
  }),
  teacherFollowCreate: procedure({
    path: '/user/teacher-follow-create',
    summary:
      'The caller follows a verified, not blacklisted teacher of their current organisation (again is a no-op); teacher_not_verified otherwise.',
    access: 'authenticated',
    input: z.object({ teacher_id: ZId }),
    output: ZOk,
    tenantIds: { teacher_id: 'teacher' },
  }),
  teacherFollowList: procedure({
    path: '/user/teacher-follow-list',
    summary:
      'The verified teachers of the current organisation the caller follows, most recently followed first; the keyword searches nicknames and titles.',
    access: 'authenticated',
    input: ZListInput,
    output: listOutput(ZFollowedTeacher),
  }),
  teacherAiSearch: procedure({
    path: '/user/teacher-ai-search',
    summary:
      'Keyword search (plain SQL word matching, no AI service) over the verified teachers of the organisation: titles, introductions, subjects and nicknames; ranked by how many of the words match, pinned then newest on ties.',
    input: z.object({
      keyword: z.string().trim().min(1, 'validation.required').max(TEACHER_LIMITS.searchKeyword, 'validation.too_long'),
    }),
    output: z.object({ list: z.array(ZTeacherRow.extend({ matched_words: z.number().int() })) }),
  }),
  teacherImport: procedure({
    path: '/user/teacher-import',
    summary:
      'Makes verified teachers (granting role_teacher) of existing members from one .csv or .xlsx file of usernames, titles and subjects (at most 5 MB); each bad row comes back with its reason.',
    input: z.object({
      file_name: z.string().trim().min(1).max(255),
      /** The file as a data URL or plain base64. */
      content: z.string().min(1).max(base64Max(TEACHER_LIMITS.importBytes)),
    }),
    output: ZTeacherImportResult,
    bodyLimit: base64Max(TEACHER_LIMITS.importBytes) + 4096,
  }),
  teacherImportResume: procedure({
    path: '/user/teacher-import-resume',
    summary:
      "Stores a teacher's resume (a PDF or DOCX data URL of at most 5 MB) and keeps its URL on the teacher record; resume_file_wrong otherwise.",
    input: z.object({
      teacher_id: ZId,
      file: z.string().min(1).max(base64Max(TEACHER_LIMITS.resumeBytes)),
    }),
    output: ZTeacherRow,
    tenantIds: { teacher_id: 'teacher' },
    bodyLimit: base64Max(TEACHER_LIMITS.resumeBytes) + 4096,
  }),
  ...teacherDataProcedures,
} as const;
