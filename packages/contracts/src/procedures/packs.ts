import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

/**
 * Packs (docs/packs.md): exports of a project's passed results, built in the background
 * into a zip, with progress, stop and restart from the last checkpoint, and a download when done.
 */
export const PACK_FORMAT_IDS = [
  'json',
  'jsonl',
  'csv',
  'coco',
  'yolo',
  'voc',
  'conll',
  'spans_jsonl',
  'audio_manifest',
  'mot',
  'kitti',
] as const;
export type TPackFormat = (typeof PACK_FORMAT_IDS)[number];
export const PACK_STATUSES = ['queued', 'running', 'succeeded', 'failed', 'stopped'] as const;
export type TPackStatus = (typeof PACK_STATUSES)[number];

const ZId = z.number().int().positive();
const ZMoment = z.iso.datetime({ offset: true });

export const ZPackRow = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  project_name: z.string(),
  step_id: z.number().int().nullable(),
  step_name: z.string().nullable(),
  /** Empty: every batch. */
  batch_ids: z.array(z.number().int()),
  batch_names: z.array(z.string()),
  format: z.enum(PACK_FORMAT_IDS),
  include_media: z.boolean(),
  status: z.enum(PACK_STATUSES),
  /** Jobs to write, jobs read so far, and of those the ones written and the ones that failed to read. */
  total: z.number().int(),
  done: z.number().int(),
  success_count: z.number().int(),
  fail_count: z.number().int(),
  file_bytes: z.number().int().nullable(),
  error: z.string().nullable(),
  started_at: ZMoment.nullable(),
  ended_at: ZMoment.nullable(),
  created_at: ZMoment,
  created_by: z.string().nullable(),
});
export type TPackRow = z.infer<typeof ZPackRow>;

export const ZPackOptions = z.object({
  steps: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      /** Formats the step's template fits, in the order offered. */
      formats: z.array(z.enum(PACK_FORMAT_IDS)),
      /** Passed jobs of the step (what a pack of every batch writes). */
      passed: z.number().int(),
    }),
  ),
  batches: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TPackOptions = z.infer<typeof ZPackOptions>;

export const packProcedures = {
  packFormats: procedure({
    path: '/pack/formats',
    summary: "A project's execute steps with the formats each one's template fits, and its batches.",
    input: z.object({ project_id: ZId }),
    output: ZPackOptions,
    tenantIds: { project_id: 'project' },
  }),
  packBuild: procedure({
    path: '/pack/build',
    summary:
      'Queues a pack of the passed jobs of an execute step (some batches, or all when none is named) in a format the step fits (pack_format_unfit otherwise).',
    input: z.object({
      project_id: ZId,
      step_id: ZId,
      batch_ids: z.array(ZId).max(200).default([]),
      format: z.enum(PACK_FORMAT_IDS),
      include_media: z.boolean().default(false),
    }),
    output: ZPackRow,
    tenantIds: { project_id: 'project', step_id: 'step', batch_ids: 'batch' },
  }),
  packList: procedure({
    path: '/pack/list',
    summary: 'Packs of a project, or of every project of the organisation, newest first, with progress and counts.',
    input: ZListInput.extend({ project_id: ZId.optional(), status: z.enum(PACK_STATUSES).optional() }),
    output: listOutput(ZPackRow),
    tenantIds: { project_id: 'project' },
  }),
  packDownload: procedure({
    path: '/pack/download',
    summary:
      "The address of a finished pack's zip (served only to members holding this key; pack_no_file before it is done).",
    input: z.object({ id: ZId }),
    output: z.object({ url: z.string(), name: z.string(), bytes: z.number().int() }),
    tenantIds: { id: 'pack' },
  }),
  packStop: procedure({
    path: '/pack/stop',
    summary: 'Stops a queued or running pack after the slice in hand; its checkpoint stays for a restart.',
    input: z.object({ id: ZId }),
    output: ZPackRow,
    tenantIds: { id: 'pack' },
  }),
  packRestart: procedure({
    path: '/pack/restart',
    summary: 'Queues a stopped or failed pack again: it continues from its last checkpoint.',
    input: z.object({ id: ZId }),
    output: ZPackRow,
    tenantIds: { id: 'pack' },
  }),
} as const;
