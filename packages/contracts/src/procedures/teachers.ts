import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

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
} as const;

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
} as const;
