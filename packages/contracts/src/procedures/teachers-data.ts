import { z } from 'zod';
import { procedure } from '../procedure.ts';

/**
 * Teacher profile data import (`/user/teacher-data-import`) and the invited person's own teacher information
 * (`/user/teacher-invitation-fill-info`). Limits as TEACHER_LIMITS in teachers.ts (kept equal here to avoid an
 * import cycle).
 */
const LIMITS = { title: 50, bio: 500, subjects: 10, subject: 32, importBytes: 5 * 1024 * 1024 } as const;

/** Columns of the teacher data import (the header row holds these keys or their Chinese titles). */
export const TEACHER_DATA_COLUMNS = ['username', 'mobile', 'title', 'subjects', 'bio'] as const;

/** Why one row of a teacher data import changed nothing. */
export const TEACHER_DATA_FAILURES = [
  'missing_key',
  'not_teacher',
  'mobile_ambiguous',
  'bad_title',
  'bad_subjects',
  'bad_bio',
  'duplicate_in_file',
] as const;
export type TTeacherDataFailure = (typeof TEACHER_DATA_FAILURES)[number];

export const ZTeacherDataImportResult = z.object({
  success: z.number().int(),
  failures: z.array(z.object({ row: z.number().int(), key: z.string(), reason: z.enum(TEACHER_DATA_FAILURES) })),
});
export type TTeacherDataImportResult = z.infer<typeof ZTeacherDataImportResult>;

const base64Max = (bytes: number) => Math.ceil(bytes / 3) * 4 + 256;

export const teacherDataProcedures = {
  teacherDataImport: procedure({
    path: '/user/teacher-data-import',
    summary:
      "Fills in existing teachers' profile data (title, subjects, introduction) of the organisation from one .csv or .xlsx file, each row matched by username or mobile (at most 5 MB); empty cells leave a field as it is; each bad row comes back with its reason.",
    input: z.object({
      file_name: z.string().trim().min(1).max(255),
      /** The file as a data URL or plain base64. */
      content: z.string().min(1).max(base64Max(LIMITS.importBytes)),
    }),
    output: ZTeacherDataImportResult,
    bodyLimit: base64Max(LIMITS.importBytes) + 4096,
  }),
  teacherInvitationFillInfo: procedure({
    path: '/user/teacher-invitation-fill-info',
    summary:
      'A person who joined the current organisation through an invitation link fills in their teacher information: it becomes their teacher application (applied), which they may correct until a manager decides; not_invited when they did not join by invitation, conflict when verified or blacklisted.',
    access: 'authenticated',
    input: z.object({
      title: z.string().trim().min(1, 'validation.required').max(LIMITS.title, 'validation.too_long'),
      bio: z.string().trim().max(LIMITS.bio, 'validation.too_long').default(''),
      subjects: z
        .array(z.string().trim().min(1, 'validation.required').max(LIMITS.subject, 'validation.too_long'))
        .min(1)
        .max(LIMITS.subjects)
        .transform((subjects) => [...new Set(subjects)]),
    }),
    output: z.object({ id: z.number().int(), status: z.literal('applied') }),
  }),
} as const;
