import { bigint, boolean, index, integer, jsonb, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { at, createdAt, id, ref } from './columns.ts';
import { sites, users } from './iam.ts';
import { projectColumn, siteColumn, steps } from './projects.ts';

/**
 * Packing and data deployment: packs are exports of a project's results, built by a
 * background worker that checkpoints; data packets are files kept on an FTP server, pushed to or pulled from it.
 */

export type PackStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'stopped';
export type PackFormat =
  | 'json'
  | 'jsonl'
  | 'csv'
  | 'coco'
  | 'yolo'
  | 'voc'
  | 'conll'
  | 'spans_jsonl'
  | 'audio_manifest'
  | 'mot'
  | 'kitti';

/** Where a stopped or interrupted pack continues from: jobs up to `lastJobId` are in the written parts. */
export interface PackCheckpoint {
  lastJobId: number;
  parts: string[];
  [key: string]: unknown;
}

export const packs = pgTable(
  'packs',
  {
    id: id(),
    siteId: siteColumn(),
    projectId: projectColumn(),
    batchIds: jsonb('batch_ids').$type<number[]>().notNull().default([]),
    stepId: ref('step_id').references(() => steps.id, { onDelete: 'set null' }),
    format: varchar('format', { length: 16 }).$type<PackFormat>().notNull(),
    includeMedia: boolean('include_media').notNull().default(false),
    status: varchar('status', { length: 16 }).$type<PackStatus>().notNull().default('queued'),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    successCount: integer('success_count').notNull().default(0),
    failCount: integer('fail_count').notNull().default(0),
    checkpoint: jsonb('checkpoint').$type<PackCheckpoint | null>(),
    /** Storage key of the finished zip. */
    fileKey: varchar('file_key', { length: 500 }),
    fileBytes: bigint('file_bytes', { mode: 'number' }),
    error: text('error'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('packs_site_project').on(t.siteId, t.projectId, t.id), index('packs_status').on(t.status)],
);

export type TransferStatus = 'running' | 'succeeded' | 'failed';

/** A data packet on an FTP server (platform administration, data deployment). The password is stored encrypted. */
export const dataPackets = pgTable(
  'data_packets',
  {
    id: id(),
    siteId: ref('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 30 }).notNull(),
    path: varchar('path', { length: 500 }).notNull(),
    ftpHost: varchar('ftp_host', { length: 200 }).notNull(),
    ftpPort: integer('ftp_port').notNull().default(21),
    ftpUser: varchar('ftp_user', { length: 100 }).notNull().default(''),
    ftpPasswordEnc: text('ftp_password_enc').notNull().default(''),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    /** Data volume: files in the packet. */
    itemCount: integer('item_count').notNull().default(0),
    uploadedAt: at('uploaded_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('data_packets_site').on(t.siteId, t.id)],
);

/** A push of a pack to a packet's FTP server, or a pull of a packet into a project, with progress. */
export const dataTransfers = pgTable(
  'data_transfers',
  {
    id: id(),
    packetId: ref('packet_id')
      .notNull()
      .references(() => dataPackets.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 8 }).$type<'push' | 'pull'>().notNull(),
    packId: ref('pack_id').references(() => packs.id, { onDelete: 'set null' }),
    projectId: ref('project_id'),
    status: varchar('status', { length: 16 }).$type<TransferStatus>().notNull().default('running'),
    bytesDone: bigint('bytes_done', { mode: 'number' }).notNull().default(0),
    bytesTotal: bigint('bytes_total', { mode: 'number' }).notNull().default(0),
    error: text('error'),
    startedAt: at('started_at'),
    endedAt: at('ended_at'),
    createdBy: ref('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('data_transfers_packet').on(t.packetId, t.id)],
);
