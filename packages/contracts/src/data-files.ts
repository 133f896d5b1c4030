import { lookupTable } from './lookup-table.ts';

/**
 * What annotation data and project attachments may be: extensions, kinds and limits.
 * No zod here, so the web client can import these at run time (`@app/contracts/data-files.ts`).
 */
export const DATA_KINDS = ['image', 'video', 'audio', 'text', 'point_cloud', 'record'] as const;
export type TDataKind = (typeof DATA_KINDS)[number];

/** A project takes its data from one source only, set by its first upload. */
export const DATA_SOURCES = ['files', 'zip', 'manifest'] as const;
export type TDataSource = (typeof DATA_SOURCES)[number];

/** Data file extensions (lower case, no dot) and the kind of item each makes. */
export const DATA_FILE_KINDS: Readonly<Record<string, Exclude<TDataKind, 'record'>>> = lookupTable({
  jpg: 'image',
  jpeg: 'image',
  png: 'image',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  m4a: 'audio',
  mp4: 'video',
  webm: 'video',
  // Played through a converted copy (/data/video-frames): browsers cannot play these containers.
  avi: 'video',
  mkv: 'video',
  mov: 'video',
  txt: 'text',
  pcd: 'point_cloud',
  bin: 'point_cloud',
});
export const ZIP_EXTENSIONS = ['zip'] as const;
export const MANIFEST_EXTENSIONS = ['csv', 'jsonl'] as const;
/** Requirement documents of a project. */
export const ATTACHMENT_EXTENSIONS = ['doc', 'docx', 'pdf', 'jpg', 'png', 'jpeg'] as const;

const MB = 1024 * 1024;

export const DATA_LIMITS = {
  /** One data file, archive, manifest or attachment (spec: 500 MB). */
  fileMaxBytes: 500 * MB,
  /** Files in one `/data/upload` call (the web client sends them a few at a time). */
  filesPerUpload: 50,
  /** Entries of one zip archive (directories included). */
  zipMaxEntries: 50_000,
  /** Total unpacked size of one zip archive (an upload takes one): the zip-bomb bound. */
  zipMaxUnpackedBytes: 4 * 1024 * MB,
  /**
   * Unpacked size over packed size beyond which an archive, or one of its entries, is a zip bomb: images and media
   * hardly compress, text 5-10 times, the most repetitive spreadsheets about 20 times; zeros 1,000 times.
   */
  zipMaxRatio: 100,
  /** Entries (and archives) unpacking to less than this are not held to the ratio. */
  zipRatioFromBytes: MB,
  /** Failed lines or entries listed in an upload's answer (the count is always complete). */
  failuresListed: 100,
  /** Attachments of a project in all, and in one upload of the wizard's info step. */
  attachmentsPerProject: 50,
  attachmentsInInfoStep: 5,
  /** Item names are cut to this length. */
  nameMax: 255,
} as const;

/** Why a line of a manifest or an entry of an archive was not imported. */
export const DATA_FAILURE_REASONS = [
  'json',
  'csv',
  'no_url_or_text',
  'url_invalid',
  'too_long',
  'type',
  'mismatch',
  'size',
  'empty',
  /** Not the media the project's template takes. */
  'media',
] as const;
export type TDataFailureReason = (typeof DATA_FAILURE_REASONS)[number];

/** The extension of a file name, lower case without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/** Private files (data items, attachments) are served here to signed-in members holding the right key. */
export const DATA_FILE_URL = {
  item: (id: number) => `/api/file/data-item/${id}`,
  attachment: (id: number) => `/api/file/attachment/${id}`,
} as const;

/**
 * Whether an item of `kind` fits a project whose template takes `media` (null: any). A manifest record whose URL
 * names no media type (`record`) cannot be judged by its name and is kept when it has a URL; a record of text
 * alone fits only a template that shows text.
 */
export function mediaFits(media: readonly TDataKind[] | null, kind: TDataKind, hasUrl: boolean): boolean {
  if (media === null || media.includes(kind)) return true;
  return kind === 'record' && (hasUrl || media.includes('text'));
}
