/** Pure helpers of the project screens (no React, no calls). */

/** `3600` -> `1 h`, `5400` -> `1 h 30 min`, `90` -> `1 min 30 s`: a human hint for lease lengths. */
export function humanSeconds(seconds: number, units: { d: string; h: string; min: string; s: string }): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '';
  const parts: string[] = [];
  let rest = Math.floor(seconds);
  for (const [size, unit] of [
    [86_400, units.d],
    [3_600, units.h],
    [60, units.min],
    [1, units.s],
  ] as const) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n} ${unit}`);
    rest -= n * size;
  }
  return parts.slice(0, 2).join(' ');
}

/** Splits `total` into `n` positive counts as even as possible (the first ones take the remainder). */
export function splitEvenly(total: number, n: number): number[] {
  const parts = Math.max(1, Math.min(Math.floor(n), total));
  const base = Math.floor(total / parts);
  const extra = total % parts;
  return Array.from({ length: parts }, (_, i) => base + (i < extra ? 1 : 0));
}
