import { z } from 'zod';
import { INT32_MAX, listOutput, ZFormId, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Teaching sources (`/teaching-source`, `/course/dataset/data-detail/{tab}/{id}`, module 5; docs/teaching-sources.md):
 * a teacher's library of documents and videos that course material tasks show. A teacher sees and changes their
 * own; managers (holders of `/dataset-source/all`) every one of the organisation. Files come through a resumable
 * upload: `upload-start` (again with the same name and size resumes an unfinished one), `upload-part` for each part
 * not yet received, `upload-finish`. Office documents are converted to pdf and videos browsers cannot play to MP4 in
 * the background (`status` processing, then ready); without the converter a source is ready but download-only
 * (`failure` converter_missing).
 */
export const TEACHING_SOURCE_KINDS = ['document', 'video'] as const;
export const TEACHING_SOURCE_STATUSES = ['processing', 'ready', 'failed'] as const;

export const TEACHING_SOURCE_LIMITS = {
  title: 64,
  fileName: 255,
  /** Bytes of one upload part (the last may be shorter). */
  partSize: 8 * 1024 * 1024,
  documentMaxBytes: 200 * 1024 * 1024,
  /**
   * 2 GiB less a byte: every integer an input takes is at most INT32_MAX (the fuzz test's rule), `size` among them.
   * The size columns are bigint, so a larger limit needs only that rule to exempt byte sizes.
   */
  videoMaxBytes: INT32_MAX,
  /** An unfinished upload is removed this long after its last part. */
  uploadKeepHours: 24,
} as const;

/** File extensions by kind (lower case, without the dot); anything else is teaching_source_type_unsupported. */
export const TEACHING_SOURCE_EXTENSIONS = {
  document: ['pdf', 'doc', 'docx', 'ppt', 'pptx', 'xls', 'xlsx', 'odt', 'odp', 'ods'],
  video: ['mp4', 'webm', 'm4v', 'mov', 'mkv', 'avi'],
} as const;

/**
 * Who sees, renames and deletes every teaching source of the organisation: holders of this key (managers). It is a
 * procedure of its own (the organisation's list) because permission keys are the catalogue's procedure paths.
 */
export const TEACHING_SOURCE_MANAGE_ALL_KEY = '/dataset-source/all';

const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });
const ZTitle = z.string().trim().min(1, 'validation.required').max(TEACHING_SOURCE_LIMITS.title, 'validation.too_long');

export const ZTeachingSourceKind = z.enum(TEACHING_SOURCE_KINDS);
export const ZTeachingSourceStatus = z.enum(TEACHING_SOURCE_STATUSES);
export type TTeachingSourceKind = z.infer<typeof ZTeachingSourceKind>;
export type TTeachingSourceStatus = z.infer<typeof ZTeachingSourceStatus>;

export const ZTeachingSource = z.object({
  id: z.number().int(),
  kind: ZTeachingSourceKind,
  title: z.string(),
  file_name: z.string(),
  file_size: z.number().int(),
  status: ZTeachingSourceStatus,
  /** Why it is download-only (ready) or unusable (failed): converter_missing, convert_failed, media_unreadable. */
  failure: z.string().nullable(),
  /** What the browser shows (a pdf or a playable video), null while processing or when download-only. */
  view_url: z.string().nullable(),
  /** The uploaded file as a download. */
  download_url: z.string(),
  duration_seconds: z.number().nullable(),
  owner_id: z.number().int().nullable(),
  owner_name: z.string(),
  /** Course tasks that show it (it cannot be deleted while any does). */
  task_count: z.number().int(),
  created_at: z.string(),
});
export type TTeachingSource = z.infer<typeof ZTeachingSource>;

export const ZTeachingSourceUpload = z.object({
  upload_id: z.number().int(),
  part_size: z.number().int(),
  part_count: z.number().int(),
  /** Parts already received (0-based), in order. */
  received: z.array(z.number().int()),
});
export type TTeachingSourceUpload = z.infer<typeof ZTeachingSourceUpload>;

export const teachingSourceProcedures = {
  teachingSourceList: procedure({
    path: '/dataset-source/list',
    summary:
      "The caller's teaching sources, newest first (scope all: the organisation's, for holders of " +
      '/dataset-source/all, else forbidden); kind filter, keyword on title and file name.',
    input: ZListInput.extend({
      kind: ZTeachingSourceKind.optional(),
      scope: z.enum(['mine', 'all']).default('mine'),
    }),
    output: listOutput(ZTeachingSource),
  }),
  teachingSourceAll: procedure({
    path: TEACHING_SOURCE_MANAGE_ALL_KEY,
    summary:
      'Every teaching source of the organisation, newest first (managers: the same as list with scope all); kind ' +
      'filter, keyword on title and file name. Holding this key lets a manager see, rename and delete any source.',
    input: ZListInput.extend({ kind: ZTeachingSourceKind.optional() }),
    output: listOutput(ZTeachingSource),
  }),
  teachingSourceDetail: procedure({
    path: '/dataset-source/detail',
    summary: 'One teaching source (its owner or a manager; else not_found).',
    input: z.object({ id: ZId }),
    output: ZTeachingSource,
    tenantIds: { id: 'teaching_source' },
  }),
  teachingSourceUpdate: procedure({
    path: '/dataset-source/update',
    summary: 'Renames a teaching source (its owner or a manager); course tasks showing it show the new title.',
    input: z.object({ id: ZId, title: ZTitle }),
    output: ZTeachingSource,
    tenantIds: { id: 'teaching_source' },
  }),
  teachingSourceDelete: procedure({
    path: '/dataset-source/delete',
    summary:
      'Deletes a teaching source and its files (its owner or a manager); refused with teaching_source_in_use while a ' +
      'course task shows it.',
    input: z.object({ id: ZId }),
    output: ZOk,
    tenantIds: { id: 'teaching_source' },
  }),
  teachingSourceUploadStart: procedure({
    path: '/dataset-source/upload-start',
    summary:
      'Starts a resumable upload of a document or video (kind from the extension, else ' +
      'teaching_source_type_unsupported; too large: upload_too_large). An unfinished upload of the same file name ' +
      'and size by the caller is resumed: its received parts are listed.',
    input: z.object({
      file_name: z
        .string()
        .trim()
        .min(1, 'validation.required')
        .max(TEACHING_SOURCE_LIMITS.fileName, 'validation.too_long'),
      size: z.number().int().min(1).max(TEACHING_SOURCE_LIMITS.videoMaxBytes),
      title: ZTitle.optional(),
    }),
    output: ZTeachingSourceUpload,
  }),
  teachingSourceUploadPart: procedure({
    path: '/dataset-source/upload-part',
    summary:
      'Multipart: upload_id, seq (0-based), then the part: exactly part_size bytes but the last part ' +
      '(teaching_source_part_wrong otherwise). Sending a part again replaces it.',
    input: z.object({ upload_id: ZFormId, seq: z.coerce.number().int().min(0).max(100_000) }),
    output: ZTeachingSourceUpload,
    tenantIds: { upload_id: 'teaching_source_upload' },
    upload: { maxBytes: TEACHING_SOURCE_LIMITS.partSize, maxFiles: 1 },
  }),
  teachingSourceUploadFinish: procedure({
    path: '/dataset-source/upload-finish',
    summary:
      'Joins the parts into the source (every part needed, else teaching_source_parts_missing with the missing ' +
      'seqs) and starts its conversion when browsers cannot show it as is. A pdf or office file whose bytes are not ' +
      'of its type is upload_type_wrong, and the upload is dropped.',
    input: z.object({ upload_id: ZId }),
    output: ZTeachingSource,
    tenantIds: { upload_id: 'teaching_source_upload' },
  }),
} as const;
