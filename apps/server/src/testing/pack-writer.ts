import type { DataItemKind } from '@app/db/schema/index.ts';
import type { PackContext, PackFormatDef, PackItem } from '../modules/packs/index.ts';

/**
 * Runs a format writer as the pack engine does, in memory: items in slices of the given sizes, the state carried
 * through JSON between slices (as a checkpoint stores it), streams appended, whole files kept, and the big files
 * assembled at the end. Returns every file of the pack by path (media left out).
 */
export function runWriter(
  format: PackFormatDef,
  ctx: PackContext,
  items: PackItem[],
  sliceSizes: number[] = [items.length],
): Map<string, string> {
  const streams = new Map<string, string>();
  const files = new Map<string, string>();
  let state: unknown = JSON.parse(JSON.stringify(format.writer.init(ctx)));
  let at = 0;
  for (const size of [...sliceSizes, Number.POSITIVE_INFINITY]) {
    if (at >= items.length) break;
    const slice = items.slice(at, at + size);
    at += slice.length;
    const out = format.writer.write(slice, state, ctx);
    for (const a of out.append) streams.set(a.stream, (streams.get(a.stream) ?? '') + a.text);
    for (const f of out.files) files.set(f.path, f.content);
    state = JSON.parse(JSON.stringify(state));
  }
  const end = format.writer.finish(state, ctx);
  for (const f of end.files) files.set(f.path, f.content);
  for (const a of end.assembled) {
    files.set(a.path, a.pieces.map((p) => (typeof p === 'string' ? p : (streams.get(p.stream) ?? ''))).join(''));
  }
  return files;
}

let nextId = 1;

/** A finished job for a writer test. */
export function packItem(
  kind: DataItemKind,
  name: string,
  shapes: Array<Record<string, unknown>>,
  extra: {
    width?: number;
    height?: number;
    payload?: unknown;
    fps?: number;
    relations?: Array<{ from: string; to: string; label: string }>;
  } = {},
): PackItem {
  const id = nextId++;
  return {
    jobId: 1000 + id,
    item: {
      id,
      seq: id,
      name,
      kind,
      width: extra.width ?? null,
      height: extra.height ?? null,
      payload: extra.payload ?? null,
    },
    result: {
      version: 1,
      shapes: shapes as NonNullable<PackItem['result']>['shapes'],
      fields: {},
      relations: extra.relations ?? [],
    },
    operator: 'tester',
    fps: extra.fps ?? null,
  };
}

/** A polygon shape of a result, by its points ([x, y] each). */
export function polygonShape(id: string, label: string, ...points: Array<[number, number]>) {
  return { id, tool: 'poly', type: 'polygon', label, points };
}

export function packContext(labels: string[], extra: Partial<PackContext> = {}): PackContext {
  return { projectName: 'Test project', labels, keypoints: null, shapeTypes: [], includeMedia: true, ...extra };
}

/** Writes the items in one slice and in slices of 1, 2, rest; both packs must be byte for byte the same. */
export function sameWhenSliced(format: PackFormatDef, ctx: PackContext, items: PackItem[]) {
  return {
    whole: runWriter(format, ctx, items),
    sliced: runWriter(format, ctx, items, [1, 2]),
  };
}
