import { Readable } from 'node:stream';
import yazl from 'yazl';
import type { FileStorage } from '../../platform/storage.ts';
import type { AssembledFile, WholeFile } from './formats/pack-format.ts';

/** Every entry gets this modification time, so the same content always gives the same zip bytes. */
const FIXED_MTIME = new Date(Date.UTC(2020, 0, 1));
const ENTRY = { mtime: FIXED_MTIME, mode: 0o100644 } as const;
/** Media are compressed already (images, audio, video): stored as they are. */
const MEDIA_ENTRY = { ...ENTRY, compress: false } as const;

export interface ZipPlan {
  /** Big files from literal text and streams; `streams` names each stream's part files in order. */
  assembled: AssembledFile[];
  streams: Record<string, string[]>;
  /** Whole files given by `finish`. */
  files: WholeFile[];
  /** Folders (storage keys) of the whole files written by slices, in slice order: a later one wins a path. */
  fileDirs: string[];
  /** Media in job order: zip path and storage key. */
  media: AsyncIterable<{ path: string; key: string }>;
}

function assembledStream(storage: FileStorage, file: AssembledFile, streams: Record<string, string[]>): Readable {
  return Readable.from(
    (async function* () {
      for (const piece of file.pieces) {
        if (typeof piece === 'string') {
          if (piece) yield Buffer.from(piece, 'utf8');
          continue;
        }
        for (const part of streams[piece.stream] ?? []) {
          for await (const chunk of await storage.openRead(part)) yield chunk as Buffer;
        }
      }
    })(),
  );
}

/** Opens a stored file when yazl reaches its entry. */
function lazyRead(storage: FileStorage, key: string, done: (error: Error | null, stream: Readable) => void): void {
  storage.openRead(key).then(
    (stream) => done(null, stream),
    (error: Error) => done(error, Readable.from([])),
  );
}

/**
 * Streams the pack's zip into storage at `key` and answers its size: assembled files first (in `finish` order),
 * then whole files sorted by path, then media. Nothing is held whole in memory: parts, files and media are read
 * one at a time as yazl asks for them.
 */
export async function writePackZip(storage: FileStorage, key: string, plan: ZipPlan): Promise<number> {
  const zip = new yazl.ZipFile();
  const seen = new Set<string>();
  for (const file of plan.assembled) {
    seen.add(file.path);
    zip.addReadStreamLazy(file.path, ENTRY, (done) => done(null, assembledStream(storage, file, plan.streams)));
  }
  const whole = new Map<string, { content: string } | { key: string }>();
  for (const dir of plan.fileDirs) {
    for (const rel of await storage.list(dir)) whole.set(rel, { key: `${dir}/${rel}` });
  }
  for (const file of plan.files) whole.set(file.path, { content: file.content });
  for (const name of [...whole.keys()].sort()) {
    if (seen.has(name)) continue;
    seen.add(name);
    const entry = whole.get(name)!;
    if ('content' in entry) zip.addBuffer(Buffer.from(entry.content, 'utf8'), name, ENTRY);
    else zip.addReadStreamLazy(name, ENTRY, (done) => lazyRead(storage, entry.key, done));
  }
  for await (const media of plan.media) {
    if (seen.has(media.path) || (await storage.sizeOf(media.key)) === null) continue;
    seen.add(media.path);
    zip.addReadStreamLazy(media.path, MEDIA_ENTRY, (done) => lazyRead(storage, media.key, done));
  }
  zip.end();
  const { bytes } = await storage.saveStream(key, zip.outputStream as unknown as Readable, {
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  return bytes;
}
