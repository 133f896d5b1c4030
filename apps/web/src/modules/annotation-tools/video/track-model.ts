import type { TShape } from '@app/contracts';

/**
 * Tracks of the video tool (docs/annotation-tools.md, "Video"): a `video_track` shape keeps its key frames in `frames`
 * (`key: true`, frame numbers from 0 at the template's fps, frame n shown at time (n + 0.5) / fps). A frame between
 * two key frames shows the box interpolated linearly between them; before the first key frame the object is not
 * there; after the last one the last box holds. A key frame listed in `attributes.outside` marks the object as
 * gone from that frame until the next key frame. Frames stored with `key: false` (exported, interpolated copies)
 * are ignored here and dropped on the next edit. Pure functions: no React, no DOM.
 */
export type VideoTrack = Extract<TShape, { type: 'video_track' }>;
export type TrackFrame = VideoTrack['frames'][number];

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The box of a track on one frame: interpolated (`key: false`) or a key frame's; `outside` while gone. */
export interface FrameBox extends Box {
  frame: number;
  key: boolean;
  outside: boolean;
}

export const isVideoTrack = (s: unknown): s is VideoTrack =>
  typeof s === 'object' &&
  s !== null &&
  (s as { type?: unknown }).type === 'video_track' &&
  Array.isArray((s as { frames?: unknown }).frames);

/** Rounded to 1/100 pixel, so results stay short. */
const r2 = (n: number) => Math.round(n * 100) / 100;

/** The key frames of a track, sorted by frame, one per frame (the last listed wins). */
export function keyFrames(track: Pick<VideoTrack, 'frames'>): TrackFrame[] {
  const byFrame = new Map<number, TrackFrame>();
  for (const f of track.frames) if (f.key !== false) byFrame.set(f.frame, { ...f, key: true });
  return [...byFrame.values()].sort((a, b) => a.frame - b.frame);
}

/** The frames listed in `attributes.outside` (key frames from which the object is gone). */
export function outsideFrames(track: Pick<VideoTrack, 'attributes'>): Set<number> {
  const list = track.attributes?.outside;
  return new Set(Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)) : []);
}

/** `a` and `b` mixed: t = 0 gives a, 1 gives b. */
export function lerpBox(a: Box, b: Box, t: number): Box {
  return {
    x: r2(a.x + (b.x - a.x) * t),
    y: r2(a.y + (b.y - a.y) * t),
    w: r2(a.w + (b.w - a.w) * t),
    h: r2(a.h + (b.h - a.h) * t),
  };
}

/** The track's box on `frame`, or null before its first key frame. */
export function boxAt(track: Pick<VideoTrack, 'frames' | 'attributes'>, frame: number): FrameBox | null {
  const keys = keyFrames(track);
  const outside = outsideFrames(track);
  let before: TrackFrame | undefined;
  let after: TrackFrame | undefined;
  for (const k of keys) {
    if (k.frame <= frame) before = k;
    else {
      after = k;
      break;
    }
  }
  if (!before) return null;
  const box = { x: before.x, y: before.y, w: before.w, h: before.h };
  if (before.frame === frame) return { ...box, frame, key: true, outside: outside.has(frame) };
  if (outside.has(before.frame)) return { ...box, frame, key: false, outside: true };
  if (!after) return { ...box, frame, key: false, outside: false };
  const t = (frame - before.frame) / (after.frame - before.frame);
  return { ...lerpBox(before, after, t), frame, key: false, outside: false };
}

/** The track with a key frame at `frame` holding `box` (replacing one already there). */
export function setKeyFrame<T extends VideoTrack>(track: T, frame: number, box: Box): T {
  const kept = keyFrames(track).filter((k) => k.frame !== frame);
  const added: TrackFrame = {
    frame,
    x: r2(box.x),
    y: r2(box.y),
    w: r2(Math.max(0, box.w)),
    h: r2(Math.max(0, box.h)),
    key: true,
  };
  return { ...track, frames: [...kept, added].sort((a, b) => a.frame - b.frame) };
}

/** The track without its key frame at `frame`; null when that was its last key frame (the track goes). */
export function removeKeyFrame<T extends VideoTrack>(track: T, frame: number): T | null {
  const kept = keyFrames(track).filter((k) => k.frame !== frame);
  if (kept.length === 0) return null;
  return withOutside({ ...track, frames: kept }, frame, false);
}

/**
 * The track marked gone (`outside`) from `frame` on, or there again: a key frame is added at `frame` with the box
 * shown there (interpolated or held), so that the frames before keep their boxes.
 */
export function setOutside<T extends VideoTrack>(track: T, frame: number, outside: boolean): T {
  const shown = boxAt(track, frame);
  if (!shown) return track;
  const keyed = shown.key ? track : setKeyFrame(track, frame, shown);
  return withOutside(keyed, frame, outside);
}

function withOutside<T extends VideoTrack>(track: T, frame: number, outside: boolean): T {
  const set = outsideFrames(track);
  if (outside === set.has(frame)) return track;
  if (outside) set.add(frame);
  else set.delete(frame);
  const { outside: _dropped, ...rest } = track.attributes ?? {};
  const list = [...set].sort((a, b) => a - b);
  const attributes = list.length ? { ...rest, outside: list } : rest;
  const next = { ...track, attributes };
  if (Object.keys(attributes).length === 0) delete (next as { attributes?: unknown }).attributes;
  return next;
}

/** The key frame numbers of a track, sorted. */
export const keyFrameNumbers = (track: Pick<VideoTrack, 'frames'>) => keyFrames(track).map((k) => k.frame);

/** The nearest key frame of the track strictly before (`-1`) or after (`1`) `frame`, or null. */
export function adjacentKeyFrame(track: Pick<VideoTrack, 'frames'>, frame: number, direction: -1 | 1): number | null {
  const numbers = keyFrameNumbers(track);
  const found = direction < 0 ? numbers.filter((n) => n < frame).pop() : numbers.find((n) => n > frame);
  return found ?? null;
}

/** How many frames a video of `duration` seconds has at `fps`: every n with (n + 0.5) / fps within it. */
export function frameCount(duration: number, fps: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 1;
  return Math.max(1, Math.floor(duration * fps + 0.5));
}

/** The media time frame n is shown at: the middle of its interval, clear of the frame boundaries. */
export const frameTime = (frame: number, fps: number) => (frame + 0.5) / fps;

/** The frame a media time falls in, within [0, count - 1]. */
export function frameAt(time: number, fps: number, count: number): number {
  return Math.min(Math.max(0, count - 1), Math.max(0, Math.floor(time * fps + 1e-6)));
}

/** The template's frame rate within its limits (1-20 per second); 10 when the template gives none. */
export function clampFps(fps: number | undefined): number {
  if (!fps || !Number.isFinite(fps)) return 10;
  return Math.min(20, Math.max(1, Math.round(fps)));
}

/**
 * Whether played time ranges cover the whole video once (gaps up to one frame allowed, at the ends and between
 * ranges): the template's "must play through" rule.
 */
export function coversWhole(ranges: readonly [number, number][], duration: number, fps: number): boolean {
  if (!Number.isFinite(duration) || duration <= 0 || ranges.length === 0) return false;
  const slack = 1 / fps + 0.02;
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let reached = 0;
  for (const [start, end] of sorted) {
    if (start > reached + slack) return false;
    reached = Math.max(reached, end);
  }
  return reached >= duration - slack;
}

/** A new shape id not taken by `shapes`. */
export function newTrackId(shapes: readonly unknown[]): string {
  const taken = new Set(shapes.map((s) => (s as { id?: unknown }).id));
  for (;;) {
    const id = `v${Math.random().toString(36).slice(2, 10)}`;
    if (!taken.has(id)) return id;
  }
}
