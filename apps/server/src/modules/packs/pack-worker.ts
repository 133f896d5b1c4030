import { randomBytes } from 'node:crypto';
import { schema } from '@app/db';
import type { PackCheckpoint } from '@app/db/schema/index.ts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppDeps } from '../../platform/context.ts';
import { PRIVATE_FOLDER } from '../../platform/storage.ts';
import { packFormat } from './formats/index.ts';
import type { FormatWriter, PackContext, PackItem, SliceOutput } from './formats/pack-format.ts';
import { readImageSize } from './image-size.ts';
import { countPackJobs, type PackSelection, readSlice, type SliceItem } from './pack-jobs.ts';
import { writePackZip } from './pack-zip.ts';
import { packContext } from './template-traits.ts';

/** Jobs read and written per slice (a checkpoint follows each slice); tests make slices small and watch them. */
export const PACK_TUNING: {
  sliceSize: number;
  afterSlice?: (packId: number, slices: number) => Promise<void>;
} = { sliceSize: 500 };

/** What the engine keeps in `packs.checkpoint` (PackCheckpoint plus its own fields). */
interface EngineCheckpoint extends PackCheckpoint {
  /** The run that owns the pack now: a run whose token was replaced stops at its next checkpoint. */
  run: string;
  slice: number;
  state: unknown;
  streams: Record<string, string[]>;
  fileDirs: string[];
}

export interface RunOptions {
  signal?: AbortSignal;
  sliceSize?: number;
}

/** Storage folder of a pack's files: private (under `projects/`), never served by the public files route. */
export function packFolder(projectId: number, packId: number): string {
  return `${PRIVATE_FOLDER}/${projectId}/packs/${packId}`;
}

/** Writes one slice; a writer error on the slice is retried item by item, failing items counting as failures. */
function writeSlice(
  writer: FormatWriter<unknown>,
  items: PackItem[],
  state: unknown,
  ctx: PackContext,
): { out: SliceOutput; state: unknown; failed: number } {
  try {
    const next = structuredClone(state);
    return { out: writer.write(items, next, ctx), state: next, failed: 0 };
  } catch {
    const out: SliceOutput = { append: [], files: [] };
    let failed = 0;
    let current = state;
    for (const item of items) {
      try {
        const next = structuredClone(current);
        const one = writer.write([item], next, ctx);
        out.append.push(...one.append);
        out.files.push(...one.files);
        current = next;
      } catch {
        if (item.result) failed += 1;
      }
    }
    return { out, state: current, failed };
  }
}

/**
 * Builds pack `packId` from its checkpoint (or from the start): claims it with a new run token, writes slices,
 * checkpoints each, then assembles the zip. Returns early when the pack is stopped, taken over by another run,
 * or `signal` fires (server stopping: the pack stays `running` and is resumed on the next start).
 */
export async function runPack(deps: AppDeps, packId: number, options: RunOptions = {}): Promise<void> {
  const db = deps.db;
  const token = randomBytes(6).toString('hex');
  const [pack] = await db
    .update(schema.packs)
    .set({
      status: 'running',
      error: null,
      startedAt: sql`coalesce(${schema.packs.startedAt}, now())`,
      endedAt: null,
      checkpoint: sql`coalesce(${schema.packs.checkpoint}, '{}'::jsonb) || jsonb_build_object('run', ${token}::text)`,
    })
    .where(and(eq(schema.packs.id, packId), inArray(schema.packs.status, ['queued', 'running'])))
    .returning();
  if (!pack) return;
  const owned = and(
    eq(schema.packs.id, packId),
    eq(schema.packs.status, 'running'),
    sql`${schema.packs.checkpoint}->>'run' = ${token}`,
  );
  const folder = packFolder(pack.projectId, pack.id);
  try {
    const [info] = await db
      .select({ projectName: schema.projects.name, content: schema.annotationTemplates.content })
      .from(schema.projects)
      .leftJoin(schema.steps, eq(schema.steps.id, pack.stepId ?? 0))
      .leftJoin(schema.annotationTemplates, eq(schema.annotationTemplates.id, schema.steps.templateId))
      .where(eq(schema.projects.id, pack.projectId));
    const def = packFormat(pack.format);
    if (!info || pack.stepId === null || !def) throw new Error('the step or the format of this pack no longer exists');
    const ctx = packContext(info.content, { projectName: info.projectName, includeMedia: pack.includeMedia });
    const selection: PackSelection = {
      siteId: pack.siteId,
      projectId: pack.projectId,
      stepId: pack.stepId,
      batchIds: pack.batchIds,
    };
    const saved = pack.checkpoint as Partial<EngineCheckpoint>;
    const cp: EngineCheckpoint =
      saved.slice !== undefined
        ? (saved as EngineCheckpoint)
        : { run: token, lastJobId: 0, parts: [], slice: 0, state: def.writer.init(ctx), streams: {}, fileDirs: [] };
    cp.run = token;
    let { done, successCount, failCount } =
      saved.slice !== undefined ? pack : { done: 0, successCount: 0, failCount: 0 };
    const total = await countPackJobs(db, selection);
    const started = await db
      .update(schema.packs)
      .set({ total: Math.max(total, done), checkpoint: cp, done, successCount, failCount })
      .where(owned)
      .returning({ id: schema.packs.id });
    if (started.length === 0) return;
    const sliceSize = options.sliceSize ?? PACK_TUNING.sliceSize;
    // The next slice is read while this one is written (it only needs this slice's last job id).
    const read = (after: number) => {
      const slice = readSlice(db, selection, after, sliceSize, ctx.fps);
      slice.catch(() => {});
      return slice;
    };
    let next = read(cp.lastJobId);
    for (;;) {
      if (options.signal?.aborted) return;
      const items = await next;
      if (items.length === 0) break;
      next = items.length < sliceSize ? Promise.resolve([]) : read(items[items.length - 1]!.jobId);
      await fillImageSizes(deps, items);
      const { out, state, failed } = writeSlice(def.writer, items, cp.state, ctx);
      const slice = cp.slice + 1;
      const prefix = `${folder}/parts/${token}-${slice}`;
      const texts = new Map<string, string>();
      for (const a of out.append) texts.set(a.stream, (texts.get(a.stream) ?? '') + a.text);
      let index = 0;
      for (const [stream, text] of texts) {
        if (!text) continue;
        const key = `${prefix}-${index++}.part`;
        await deps.storage.saveFile(key, Buffer.from(text, 'utf8'));
        cp.streams[stream] = [...(cp.streams[stream] ?? []), key];
        cp.parts.push(key);
      }
      if (out.files.length > 0) {
        const dir = `${prefix}-files`;
        for (const file of out.files) await deps.storage.saveFile(`${dir}/${file.path}`, Buffer.from(file.content));
        cp.fileDirs.push(dir);
      }
      const unread = items.filter((i) => !i.result).length;
      done += items.length;
      failCount += unread + failed;
      successCount += items.length - unread - failed;
      cp.state = state;
      cp.slice = slice;
      cp.lastJobId = items[items.length - 1]!.jobId;
      const saved = await db
        .update(schema.packs)
        .set({ checkpoint: cp, done, successCount, failCount, total: sql`greatest(${schema.packs.total}, ${done})` })
        .where(owned)
        .returning({ id: schema.packs.id });
      if (saved.length === 0) return;
      await PACK_TUNING.afterSlice?.(packId, slice);
    }
    const end = def.writer.finish(cp.state, ctx);
    const key = `${folder}/${pack.format}-${pack.id}.zip`;
    const bytes = await writePackZip(deps.storage, key, {
      assembled: end.assembled,
      streams: cp.streams,
      files: end.files,
      fileDirs: cp.fileDirs,
      media: pack.includeMedia ? mediaOf(deps, selection, cp.lastJobId) : (async function* () {})(),
    });
    const finished = await db
      .update(schema.packs)
      .set({ status: 'succeeded', fileKey: key, fileBytes: bytes, endedAt: new Date(), total: done })
      .where(owned)
      .returning({ id: schema.packs.id });
    if (finished.length > 0) await deps.storage.remove([`${folder}/parts`], { recursive: true });
  } catch (error) {
    deps.log.error({ err: error, packId }, 'pack failed');
    await db
      .update(schema.packs)
      .set({ status: 'failed', error: (error as Error).message.slice(0, 1000), endedAt: new Date() })
      .where(owned);
  }
}

/** Pixel sizes of image items from their stored files' headers (a few files read at a time). */
async function fillImageSizes(deps: AppDeps, items: SliceItem[]): Promise<void> {
  const images = items.filter((i) => i.item.kind === 'image' && i.filePath);
  for (let at = 0; at < images.length; at += 8) {
    await Promise.all(
      images.slice(at, at + 8).map(async (i) => {
        const size = await readImageSize(deps.storage, i.filePath!);
        if (size) Object.assign(i.item, size);
      }),
    );
  }
}

/** The media of the pack's jobs up to `lastJobId`, in job order, read slice by slice. */
async function* mediaOf(deps: AppDeps, selection: PackSelection, lastJobId: number) {
  let after = 0;
  for (;;) {
    const items = await readSlice(deps.db, selection, after, 2000, null);
    for (const item of items) {
      if (item.jobId > lastJobId) return;
      if (item.filePath) yield { path: `media/${item.item.name}`, key: item.filePath };
    }
    if (items.length === 0) return;
    after = items[items.length - 1]!.jobId;
  }
}
