// The figures the benches print: percentiles of measured times, rounded.

/** The value at percentile `p` (0-100) of a sorted list (0 for an empty one). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/** p50 and p99 of times in ms (any order), rounded to 0.1 ms. */
export function summary(times: readonly number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p99: round(percentile(sorted, 99)) };
}

/** Runs `once` `n` times one after the other; answers p50 and p99 in ms. */
export async function timed(n: number, once: (i: number) => Promise<void>) {
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const at = performance.now();
    await once(i);
    times.push(performance.now() - at);
  }
  return summary(times);
}
