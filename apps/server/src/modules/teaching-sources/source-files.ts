import { randomBytes } from 'node:crypto';
import {
  extensionOf,
  TEACHING_SOURCE_EXTENSIONS,
  TEACHING_SOURCE_LIMITS,
  type TTeachingSourceKind,
} from '@app/contracts';
import { bytesFit } from '../../platform/file-signatures.ts';

export type TeachingSourceKind = TTeachingSourceKind;

/**
 * Where a teaching source's files live in the store and what their names may be: upload parts under
 * `source-uploads/<upload id>/<seq>`, a source under `teaching-sources/<site id>/<random>/<safe file name>` with what
 * browsers show (a converted pdf or mp4) in `view/` beside it.
 */

/** The folder of an upload's parts. */
export const uploadFolder = (uploadId: number) => `source-uploads/${uploadId}`;

/** The key of one part of an upload. */
export const partKey = (uploadId: number, seq: number) => `${uploadFolder(uploadId)}/${seq}`;

/** The kind a file name's extension says, or null for any other extension. */
export function kindOfFile(fileName: string): TeachingSourceKind | null {
  const extension = extensionOf(fileName);
  for (const kind of ['document', 'video'] as const) {
    if ((TEACHING_SOURCE_EXTENSIONS[kind] as readonly string[]).includes(extension)) return kind;
  }
  return null;
}

/** The most bytes a file of the kind may have. */
export const maxBytesOf = (kind: TeachingSourceKind) =>
  kind === 'document' ? TEACHING_SOURCE_LIMITS.documentMaxBytes : TEACHING_SOURCE_LIMITS.videoMaxBytes;

/** The last segment of a path a browser may send as a file name (`C:\fakepath\a.pdf` -> `a.pdf`). */
export const baseName = (name: string) => name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1);

/** A file name without its extension. */
export function stem(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(0, dot) : fileName;
}

/**
 * The file's name as a store key segment and a command-line argument: ASCII letters, digits, `-`, `_` and `.` only,
 * at most 80 characters before the extension (`file` when nothing is left), the extension in lower case.
 */
export function safeFileName(fileName: string): string {
  const extension = extensionOf(fileName);
  const cleaned = stem(fileName)
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/_+/g, '_')
    .replace(/^[._-]+|[._-]+$/g, '')
    .slice(0, 80);
  return `${cleaned || 'file'}.${extension}`;
}

/** A fresh key for a source's uploaded file. */
export const newSourceKey = (siteId: number, fileName: string) =>
  `teaching-sources/${siteId}/${randomBytes(12).toString('hex')}/${safeFileName(fileName)}`;

/** The key of what browsers show of a source (a converted pdf or mp4), in `view/` beside its file. */
export function viewKeyOf(fileKey: string, extension: 'pdf' | 'mp4'): string {
  const slash = fileKey.lastIndexOf('/');
  return `${fileKey.slice(0, slash + 1)}view/${stem(fileKey.slice(slash + 1))}.${extension}`;
}

/**
 * Whether a document's first bytes fit what its extension claims (the platform's file signatures: a pdf's header,
 * the zip of docx/pptx/xlsx/odt/odp/ods, the OLE2 file of doc/ppt/xls). Videos are not checked here: ffprobe finds out.
 */
export function bytesLookRight(fileName: string, head: Buffer): boolean {
  return kindOfFile(fileName) === 'video' || bytesFit(extensionOf(fileName), head);
}

/** The name a view is served under: the uploaded name with the view's extension (`notes.docx` -> `notes.pdf`). */
export function viewName(fileName: string, viewKey: string): string {
  return `${stem(fileName)}.${extensionOf(viewKey)}`;
}
