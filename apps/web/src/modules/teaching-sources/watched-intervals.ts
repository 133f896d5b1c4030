/** Seconds of a video actually played, as sorted, disjoint [from, to] ranges. */
export type Intervals = readonly (readonly [number, number])[];

/** Ranges closer than this (seconds) are joined: the gap between two time updates is not a skipped part. */
const JOIN_GAP = 0.5;

/** The ranges with [from, to] added, merged with those it overlaps or nearly touches. */
export function addInterval(list: Intervals, from: number, to: number): Intervals {
  if (!(to > from) || !Number.isFinite(from) || !Number.isFinite(to)) return list;
  const result: (readonly [number, number])[] = [];
  let start = from;
  let end = to;
  let placed = false;
  for (const [a, b] of list) {
    if (b + JOIN_GAP < start) result.push([a, b]);
    else if (a - JOIN_GAP > end) {
      if (!placed) {
        result.push([start, end]);
        placed = true;
      }
      result.push([a, b]);
    } else {
      start = Math.min(start, a);
      end = Math.max(end, b);
    }
  }
  if (!placed) result.push([start, end]);
  return result;
}

export function watchedSeconds(list: Intervals): number {
  return list.reduce((sum, [a, b]) => sum + (b - a), 0);
}

/**
 * The share of `duration` watched (0..1). The last half second counts as watched once the rest is (players stop a
 * little short of the end).
 */
export function watchedShare(list: Intervals, duration: number): number {
  if (!(duration > 0)) return 0;
  const share = watchedSeconds(list) / duration;
  return share >= 1 - JOIN_GAP / duration ? 1 : Math.max(0, Math.min(1, share));
}

/**
 * Whether a step of the play head between two time updates is playing on (counted) rather than a jump (a seek the
 * `seeking` event did not announce): forward and no longer than a few update gaps at the current speed.
 */
export function isPlayStep(from: number, to: number, rate: number): boolean {
  const step = to - from;
  return step > 0 && step <= Math.max(3, 2 * rate);
}
