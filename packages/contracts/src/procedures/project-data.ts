import { z } from 'zod';
import { DATA_KINDS, DATA_LIMITS, DATA_SOURCES } from '../data-files.ts';
import { listOutput, ZFormId, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Data items of an annotation project (content production, `/data/...`): uploads of files, zip archives or a
 * CSV/JSONL manifest, the item browser, edits and removal. Data may be added or removed only while the project
 * is a draft whose batches are not confirmed (`project_data_locked`), from one source per project
 * (`data_source_conflict`).
 */
const ZId = z.number().int().positive();
const ZOk = z.object({ ok: z.literal(true) });

export const ZDataItemRow = z.object({
  id: z.number().int(),
  seq: z.number().int(),
  name: z.string(),
  kind: z.enum(DATA_KINDS),
  size: z.number().int(),
  batch_id: z.number().int().nullable(),
  batch_name: z.string().nullable(),
  /** Where to view it: the authorised file route for stored files, the outside address of a record, or null. */
  url: z.string().nullable(),
  /** Images only: a small rendition's address (currently the image itself). */
  thumbnail_url: z.string().nullable(),
  created_at: z.string(),
});
export type TDataItemRow = z.infer<typeof ZDataItemRow>;

export const ZDataItemDetail = ZDataItemRow.extend({
  project_id: z.number().int(),
  /** A record's own fields (its `text` included); null for stored files. */
  payload: z.record(z.string(), z.unknown()).nullable(),
  /** The record's outside address, when it has one. */
  source_url: z.string().nullable(),
  /** Whether the payload and text may still be edited (draft project). */
  editable: z.boolean(),
});
export type TDataItemDetail = z.infer<typeof ZDataItemDetail>;

export const ZDataFailure = z.object({
  /** Manifest line (1-based, the CSV header is line 1). */
  line: z.number().int().optional(),
  /** File or archive entry name. */
  name: z.string().optional(),
  reason: z.string(),
});
export type TDataFailure = z.infer<typeof ZDataFailure>;

export const ZDataSummary = z.object({
  project_id: z.number().int(),
  status: z.string(),
  data_source: z.enum(DATA_SOURCES).nullable(),
  item_count: z.number().int(),
  total_bytes: z.number().int(),
  /** Data may not be added or removed (not a draft, or batches confirmed). */
  locked: z.boolean(),
  max_file_bytes: z.number().int(),
  /** The kinds of data the project's template takes (its media; the category's before a template is chosen); null: any. */
  media: z.array(z.enum(DATA_KINDS)).nullable(),
});
export type TDataSummary = z.infer<typeof ZDataSummary>;

export const ZDataUploadResult = z.object({
  added: z.number().int(),
  /** What was not imported, at most DATA_LIMITS.failuresListed entries; `failed_count` counts them all. */
  failed: z.array(ZDataFailure),
  failed_count: z.number().int(),
  item_count: z.number().int(),
  total_bytes: z.number().int(),
  data_source: z.enum(DATA_SOURCES),
});
export type TDataUploadResult = z.infer<typeof ZDataUploadResult>;

export const projectDataProcedures = {
  dataUpload: procedure({
    path: '/data/upload',
    summary:
      'Multipart: project_id and source, then the files: data files (images, audio, video, text, point clouds), one zip archive, or one CSV/JSONL manifest. Types are checked by their bytes; a refused file stores nothing.',
    input: z.object({ project_id: ZFormId, source: z.enum(DATA_SOURCES) }),
    output: ZDataUploadResult,
    tenantIds: { project_id: 'project' },
    upload: { maxBytes: DATA_LIMITS.fileMaxBytes, maxFiles: DATA_LIMITS.filesPerUpload },
  }),
  dataSummary: procedure({
    path: '/data/summary',
    summary: "A project's data source, item count and size, and whether data may still be added or removed.",
    input: z.object({ project_id: ZId }),
    output: ZDataSummary,
    tenantIds: { project_id: 'project' },
  }),
  dataList: procedure({
    path: '/data/list',
    summary: "A project's data items in upload order, filtered by batch, kind and a keyword on the name.",
    input: ZListInput.extend({
      project_id: ZId,
      batch_id: ZId.optional(),
      kind: z.enum(DATA_KINDS).optional(),
    }),
    output: listOutput(ZDataItemRow),
    tenantIds: { project_id: 'project', batch_id: 'batch' },
  }),
  dataDetail: procedure({
    path: '/data/detail',
    summary: 'One data item with its record fields.',
    input: z.object({ id: ZId }),
    output: ZDataItemDetail,
    tenantIds: { id: 'data_item' },
  }),
  dataEdit: procedure({
    path: '/data/edit',
    summary: "Renames an item; a record's text and fields may be edited while the project is a draft.",
    input: z.object({
      id: ZId,
      name: z.string().trim().min(1, 'validation.required').max(DATA_LIMITS.nameMax, 'validation.too_long').optional(),
      text: z.string().max(1_000_000, 'validation.too_long').optional(),
      payload: z.record(z.string(), z.unknown()).optional(),
    }),
    output: ZDataItemDetail,
    tenantIds: { id: 'data_item' },
  }),
  dataDelete: procedure({
    path: '/data/delete',
    summary: 'Removes items of a draft project (with their files); the rest are numbered again from 1.',
    input: z.object({
      project_id: ZId,
      ids: z
        .array(ZId)
        .min(1)
        .max(1000)
        .transform((ids) => [...new Set(ids)]),
    }),
    output: z.object({ deleted: z.number().int(), item_count: z.number().int(), total_bytes: z.number().int() }),
    tenantIds: { project_id: 'project', ids: 'data_item' },
  }),
  dataClear: procedure({
    path: '/data/clear',
    summary: "Removes every item of a draft project and its files, and frees the project's data source choice.",
    input: z.object({ project_id: ZId }),
    output: ZOk.extend({ deleted: z.number().int() }),
    tenantIds: { project_id: 'project' },
  }),
};
