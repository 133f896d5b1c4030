import type { PointCloud } from './parse-cloud.ts';

/** How the points are coloured: by height (z) or by intensity. */
export type ColorMode = 'height' | 'intensity';
/** The colour of the points inside the selected cuboid (magenta: in neither ramp). */
export const HIGHLIGHT: [number, number, number] = [255, 60, 255];

// A blue - cyan - green - yellow - red ramp (t in 0..1) as 0-255 channels.
const STOPS: [number, number, number][] = [
  [40, 80, 220],
  [30, 200, 230],
  [60, 210, 90],
  [240, 220, 50],
  [240, 90, 40],
];

function ramp(t: number, out: Uint8Array, at: number) {
  const x = Math.min(1, Math.max(0, t)) * (STOPS.length - 1);
  const i = Math.min(STOPS.length - 2, Math.floor(x));
  const f = x - i;
  const a = STOPS[i] as [number, number, number];
  const b = STOPS[i + 1] as [number, number, number];
  out[at] = a[0] + (b[0] - a[0]) * f;
  out[at + 1] = a[1] + (b[1] - a[1]) * f;
  out[at + 2] = a[2] + (b[2] - a[2]) * f;
}

/** A value below which `q` of the sampled values lie. */
function quantile(values: ArrayLike<number>, stride: number, count: number, q: number): number {
  const step = Math.max(1, Math.floor(count / 20_000));
  const sample: number[] = [];
  for (let i = 0; i < count; i += step) sample.push(values[i * stride] as number);
  sample.sort((a, b) => a - b);
  return sample[Math.min(sample.length - 1, Math.floor(sample.length * q))] ?? 0;
}

/** Colours (r, g, b bytes per point) for the mode; intensity falls back to height when the cloud has none. */
export function cloudColors(
  cloud: PointCloud,
  mode: ColorMode,
  out: Uint8Array = new Uint8Array(cloud.count * 3),
): Uint8Array {
  const intensity = mode === 'intensity' ? cloud.intensity : null;
  const values = intensity ?? cloud.positions.subarray(2);
  const stride = intensity ? 1 : 3;
  const low = quantile(values, stride, cloud.count, 0.02);
  const high = quantile(values, stride, cloud.count, 0.98);
  const span = high - low || 1;
  for (let i = 0; i < cloud.count; i += 1) ramp(((values[i * stride] as number) - low) / span, out, i * 3);
  return out;
}
