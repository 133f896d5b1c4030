import { bigint, index, integer, pgTable, primaryKey, real, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ref, updatedAt } from './columns.ts';
import { sites, users } from './iam.ts';

/**
 * Teaching sources (docs/teaching-sources.md): a teacher's library of files used by course material tasks —
 * documents (pdf, office files converted to pdf) and videos (played as is when browsers can, else converted to
 * H.264 MP4). Links and rich text are written in the task itself. Files arrive through resumable uploads: parts are
 * stored one by one and joined when the last has come.
 */
export type TeachingSourceKind = 'document' | 'video';
/** processing: being converted; ready: shown (or, with `failure`, offered for download only); failed: unusable. */
export type TeachingSourceStatus = 'processing' | 'ready' | 'failed';

export const teachingSources = pgTable(
  'teaching_sources',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    /** Who uploaded it; null after the account is gone (managers still manage it). */
    ownerId: ref('owner_id').references(() => users.id, { onDelete: 'set null' }),
    kind: varchar('kind', { length: 16 }).$type<TeachingSourceKind>().notNull(),
    title: varchar('title', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    /** The uploaded file in the file store. */
    fileKey: varchar('file_key', { length: 512 }).notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    /** What browsers show: a pdf (documents) or a playable video; null while processing or when only downloadable. */
    viewKey: varchar('view_key', { length: 512 }),
    status: varchar('status', { length: 16 }).$type<TeachingSourceStatus>().notNull().default('processing'),
    /** Why it is download-only or failed (an error code: converter_missing, convert_failed, media_unreadable). */
    failure: varchar('failure', { length: 32 }),
    /** Videos: length in seconds, when known. */
    durationSeconds: real('duration_seconds'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('teaching_sources_site_owner').on(t.siteId, t.ownerId, t.id)],
);

/** A resumable upload under way: the file's name and size, its parts in the store under `source-uploads/<id>/`. */
export const teachingSourceUploads = pgTable(
  'teaching_source_uploads',
  {
    id: id(),
    siteId: ref('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    ownerId: ref('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 64 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    partSize: integer('part_size').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('teaching_source_uploads_owner').on(t.ownerId, t.fileName)],
);

/** The parts of an upload received so far (`seq` 0..n-1, each `part_size` bytes but the last). */
export const teachingSourceUploadParts = pgTable(
  'teaching_source_upload_parts',
  {
    uploadId: ref('upload_id')
      .notNull()
      .references(() => teachingSourceUploads.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    size: integer('size').notNull(),
  },
  (t) => [primaryKey({ columns: [t.uploadId, t.seq] })],
);
