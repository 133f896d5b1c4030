/**
 * Pure logic of the text tool: cutting the text into render blocks, segmenting a block into runs at span
 * boundaries, giving overlapping spans stable underline lanes, and trimming a selection.
 */

export interface Span {
  start: number;
  end: number;
}

export interface Entity extends Span {
  /** Index among the tool's entities (the `entity-<index>` test id). */
  index: number;
  id: string;
  label: string;
}

export interface Run extends Span {
  /** Indexes of the entities covering the run, outermost (longest) first. */
  covers: number[];
  /**
   * Entities whose test id this run carries (`anchorsOf`): first the entity on top here, then entities covered
   * everywhere by smaller ones (drawn as wrappers). Empty for most runs.
   */
  marks: number[];
  /** Covered by the pending (not yet tagged) selection. */
  pending: boolean;
}

/** Cut the text after line breaks, and long lines near `max` characters at a space, so a block re-renders alone. */
export function splitBlocks(text: string, max = 2000): Span[] {
  const blocks: Span[] = [];
  let start = 0;
  while (start < text.length) {
    const newline = text.indexOf('\n', start);
    let end = newline === -1 ? text.length : newline + 1;
    if (end - start > max) {
      const space = text.lastIndexOf(' ', start + max);
      end = space > start + max / 2 ? space + 1 : start + max;
    }
    blocks.push({ start, end });
    start = end;
  }
  return blocks;
}

/** Entities that overlap [start, end), given the entities sorted by start (binary search on the start bound). */
export function overlapping<T extends Span>(sorted: readonly T[], block: Span, maxLength: number): T[] {
  let lo = 0;
  let hi = sorted.length;
  const from = block.start - maxLength;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((sorted[mid] as T).start < from) lo = mid + 1;
    else hi = mid;
  }
  const out: T[] = [];
  for (let i = lo; i < sorted.length; i += 1) {
    const e = sorted[i] as T;
    if (e.start >= block.end) break;
    if (e.end > block.start) out.push(e);
  }
  return out;
}

/** Split a block into runs at every entity boundary inside it; each run knows which entities cover it. */
export function segmentRuns(
  block: Span,
  entities: readonly Entity[],
  pending: Span | null = null,
  anchors: ReadonlyMap<number, number> = new Map(),
): Run[] {
  const cuts = new Set<number>([block.start, block.end]);
  const inside = (n: number) => n > block.start && n < block.end;
  for (const e of entities) {
    if (inside(e.start)) cuts.add(e.start);
    if (inside(e.end)) cuts.add(e.end);
  }
  if (pending) {
    if (inside(pending.start)) cuts.add(pending.start);
    if (inside(pending.end)) cuts.add(pending.end);
  }
  const points = [...cuts].sort((a, b) => a - b);
  const runs: Run[] = [];
  for (let i = 0; i + 1 < points.length; i += 1) {
    const start = points[i] as number;
    const end = points[i + 1] as number;
    const covering = entities
      .filter((e) => e.start <= start && e.end >= end)
      .sort((a, b) => b.end - b.start - (a.end - a.start) || a.index - b.index);
    const marks = entities.filter((e) => anchors.get(e.index) === start).map((e) => e.index);
    const top = covering.at(-1)?.index;
    if (top !== undefined && marks.includes(top)) marks.sort((a, b) => (a === top ? -1 : b === top ? 1 : a - b));
    runs.push({
      start,
      end,
      covers: covering.map((e) => e.index),
      marks,
      pending: pending !== null && pending.start <= start && pending.end >= end,
    });
  }
  return runs;
}

/**
 * Underline lanes: the smallest lane not used by an overlapping entity, longer spans first so that nested
 * spans sit on deeper lanes. Answers the lane per entity index.
 */
export function assignLanes(entities: readonly Entity[]): Map<number, number> {
  const order = [...entities].sort((a, b) => a.start - b.start || b.end - a.end || a.index - b.index);
  const lanes = new Map<number, number>();
  const laneEnds: number[] = [];
  for (const e of order) {
    let lane = laneEnds.findIndex((end) => end <= e.start);
    if (lane === -1) lane = laneEnds.length;
    laneEnds[lane] = e.end;
    lanes.set(e.index, lane);
  }
  return lanes;
}

/**
 * Where each entity's test id and click target goes: the first offset where it is the entity on top (the
 * innermost, as `entitiesAt` picks), so that clicking there selects it; its start when smaller entities cover
 * all of it.
 */
export function anchorsOf(entities: readonly Entity[]): Map<number, number> {
  const sorted = [...entities].sort((a, b) => a.start - b.start);
  const longest = sorted.reduce((m, e) => Math.max(m, e.end - e.start), 0);
  const anchors = new Map<number, number>();
  for (const e of sorted) {
    const near = overlapping(sorted, e, longest);
    const points = [e.start, ...near.map((o) => o.end).filter((p) => p > e.start && p < e.end)].sort((a, b) => a - b);
    const top = points.find((p) => entitiesAt(near, p)[0]?.index === e.index);
    anchors.set(e.index, top ?? e.start);
  }
  return anchors;
}

/** The entities covering an offset, innermost first (the click target cycles through them). */
export function entitiesAt(entities: readonly Entity[], offset: number): Entity[] {
  return entities
    .filter((e) => e.start <= offset && e.end > offset)
    .sort((a, b) => a.end - a.start - (b.end - b.start) || b.index - a.index);
}

/** Order two offsets and drop white space at both edges; null when nothing is left. */
export function trimSelection(text: string, a: number, b: number): Span | null {
  let start = Math.max(0, Math.min(a, b));
  let end = Math.min(text.length, Math.max(a, b));
  while (start < end && /\s/.test(text[start] as string)) start += 1;
  while (end > start && /\s/.test(text[end - 1] as string)) end -= 1;
  return end > start ? { start, end } : null;
}
