/** The audio tool's shapes as stored in the result (docs/annotation-tools.md, `audio_segment`: seconds). */
export interface AudioShape {
  id: string;
  tool: string;
  type: 'audio_segment';
  label?: string;
  start: number;
  end: number;
  transcript?: string;
  hidden?: boolean;
  locked?: boolean;
}

/** Shortest region kept (seconds): a shorter drag or mark is a click, not a region. */
export const MIN_REGION = 0.05;
/** The result schema keeps at most this much transcript on a shape. */
export const MAX_TRANSCRIPT = 10_000;

/** Times are stored to the millisecond. */
export const roundTime = (seconds: number) => Math.round(Math.max(0, seconds) * 1000) / 1000;

let counter = 0;
/** A new shape id (`a` + time + counter), different from the ids taken. */
export function newId(taken: ReadonlySet<string>): string {
  let id: string;
  do {
    counter += 1;
    id = `a${Date.now().toString(36)}${counter.toString(36)}`;
  } while (taken.has(id));
  return id;
}

export const isAudioShape = (s: unknown, tool: string): s is AudioShape => {
  const v = s as Partial<AudioShape> | null;
  return (
    !!v && v.type === 'audio_segment' && v.tool === tool && typeof v.start === 'number' && typeof v.end === 'number'
  );
};

/** A region from two times in any order, or null when it is shorter than MIN_REGION or outside [0, duration]. */
export function spanOf(a: number, b: number, duration: number): { start: number; end: number } | null {
  const start = roundTime(Math.max(0, Math.min(a, b)));
  const end = roundTime(Math.min(duration > 0 ? duration : Number.POSITIVE_INFINITY, Math.max(a, b)));
  return end - start >= MIN_REGION ? { start, end } : null;
}

/**
 * Whether the media was played through: the ranges played cover the whole duration, allowing `slack` seconds
 * unplayed in all (the last frames of a file often report a little short).
 */
export function coversDuration(ranges: readonly [number, number][], duration: number, slack = 0.3): boolean {
  if (!(duration > 0)) return false;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let covered = 0;
  let reach = 0;
  for (const [from, to] of sorted) {
    const start = Math.max(from, reach);
    if (to > start) covered += to - start;
    reach = Math.max(reach, to);
  }
  return duration - covered <= Math.max(slack, duration * 0.01);
}

/** The peaks of `/data/waveform` (base64 of min/max signed bytes per bucket) as wavesurfer's two channels. */
export function decodePeaks(base64: string, length: number): [Float32Array, Float32Array] {
  const binary = atob(base64);
  const top = new Float32Array(length);
  const bottom = new Float32Array(length);
  for (let i = 0; i < length; i++) {
    const low = (binary.charCodeAt(i * 2) << 24) >> 24;
    const high = (binary.charCodeAt(i * 2 + 1) << 24) >> 24;
    top[i] = high / 127;
    bottom[i] = low / 127;
  }
  return [top, bottom];
}
