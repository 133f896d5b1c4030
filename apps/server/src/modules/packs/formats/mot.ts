import type { FormatWriter, PackFormatDef, PackItem, StreamText, WholeFile } from './pack-format.ts';
import {
  labelIndex,
  num,
  otherKind,
  round,
  type Shape,
  type SkipState,
  skip,
  skippedFile,
  stemOf,
} from './shape-geometry.ts';

/**
 * MOTChallenge (docs/packs.md, "Formats"): per video `mot/<stem>/gt/gt.txt` with one line per object and frame,
 * `frame,id,bb_left,bb_top,bb_width,bb_height,conf,class,visibility`, sorted by frame then id, and
 * `mot/<stem>/seqinfo.ini`. Frames are numbered from 1 (our frame 0 is MOT frame 1, at the template's fps); ids are
 * the video's tracks in result order from 1; class is the label's index + 1 (`mot/labels.txt`, 0 for none); conf and
 * visibility 1. Boxes between key frames are interpolated linearly as the video tool does (docs/annotation-tools.md), to
 * 1/100 pixel; nothing before the first key frame nor from an `outside` key frame to the next key frame; after the
 * last key frame its box holds to the end of the video when the item's payload gives the `duration`, else the
 * track ends on its last key frame.
 */

interface Key {
  frame: number;
  x: number;
  y: number;
  w: number;
  h: number;
}

interface MotState extends SkipState {
  videos: number;
  rows: number;
}

const r2 = (n: number) => round(n, 2);

function keyFrames(shape: Shape): Key[] {
  const byFrame = new Map<number, Key>();
  for (const f of Array.isArray(shape.frames) ? (shape.frames as Array<Record<string, unknown>>) : []) {
    const frame = f.frame;
    const [x, y, w, h] = [num(f.x), num(f.y), num(f.w), num(f.h)];
    if (f.key === false || !Number.isInteger(frame) || (frame as number) < 0) continue;
    if (x === null || y === null || w === null || h === null) continue;
    byFrame.set(frame as number, { frame: frame as number, x, y, w, h });
  }
  return [...byFrame.values()].sort((a, b) => a.frame - b.frame);
}

function outsideOf(shape: Shape): Set<number> {
  const list = (shape.attributes as { outside?: unknown } | undefined)?.outside;
  return new Set(Array.isArray(list) ? list.filter((n): n is number => Number.isInteger(n)) : []);
}

/** Every frame's box of a track: [frame (0-based), box]; `lastFrame` is the video's last frame when known. */
export function trackBoxes(shape: Shape, lastFrame: number | null): Array<[number, Key]> {
  const keys = keyFrames(shape);
  const outside = outsideOf(shape);
  const out: Array<[number, Key]> = [];
  keys.forEach((a, i) => {
    if (outside.has(a.frame)) return;
    const b = keys[i + 1];
    const until = b ? b.frame - 1 : Math.max(a.frame, lastFrame ?? a.frame);
    for (let f = a.frame; f <= until; f += 1) {
      const t = b ? (f - a.frame) / (b.frame - a.frame) : 0;
      const box =
        t === 0
          ? a
          : {
              frame: f,
              x: r2(a.x + (b!.x - a.x) * t),
              y: r2(a.y + (b!.y - a.y) * t),
              w: r2(a.w + (b!.w - a.w) * t),
              h: r2(a.h + (b!.h - a.h) * t),
            };
      out.push([f, box]);
    }
  });
  return out;
}

/** The video's last frame (0-based) from its duration: every n with (n + 0.5) / fps within it. */
function lastFrameOf(p: PackItem): number | null {
  const payload = p.item.payload;
  const duration = payload && typeof payload === 'object' ? num((payload as { duration?: unknown }).duration) : null;
  if (duration === null || duration <= 0 || !p.fps) return null;
  return Math.max(1, Math.floor(duration * p.fps + 0.5)) - 1;
}

function videoFiles(p: PackItem, labels: string[]): { files: WholeFile[]; rows: number } {
  const lastFrame = lastFrameOf(p);
  const rows: Array<[number, number, string]> = [];
  let id = 0;
  let maxFrame = -1;
  for (const shape of p.result?.shapes ?? []) {
    if (shape.type !== 'video_track') continue;
    id += 1;
    const cls = labelIndex(labels, shape) + 1;
    for (const [frame, b] of trackBoxes(shape, lastFrame)) {
      rows.push([frame, id, `${frame + 1},${id},${b.x},${b.y},${b.w},${b.h},1,${cls},1`]);
      maxFrame = Math.max(maxFrame, frame);
    }
  }
  rows.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const stem = stemOf(p.item.name);
  const name = stem.replace(/[\r\n]/g, ' ');
  const ini = [
    '[Sequence]',
    `name=${name}`,
    'imDir=img1',
    `frameRate=${p.fps ?? ''}`,
    `seqLength=${(lastFrame ?? maxFrame) + 1}`,
    `imWidth=${p.item.width ?? ''}`,
    `imHeight=${p.item.height ?? ''}`,
    'imExt=.jpg',
    '',
  ].join('\n');
  return {
    files: [
      { path: `mot/${stem}/gt/gt.txt`, content: rows.map((r) => `${r[2]}\n`).join('') },
      { path: `mot/${stem}/seqinfo.ini`, content: ini },
    ],
    rows: rows.length,
  };
}

const writer: FormatWriter<MotState> = {
  init: () => ({ videos: 0, rows: 0, skipped: 0 }),
  write(items, state, ctx) {
    const append: StreamText[] = [];
    const files: WholeFile[] = [];
    for (const p of items) {
      if (!p.result) continue;
      if (otherKind(p, 'video')) {
        skip(state, append, p, 'not a video');
        continue;
      }
      const out = videoFiles(p, ctx.labels);
      files.push(...out.files);
      state.videos += 1;
      state.rows += out.rows;
    }
    return { append, files };
  },
  finish: (state, ctx) => ({
    files: [{ path: 'mot/labels.txt', content: ctx.labels.map((l, i) => `${i + 1} ${l}\n`).join('') }],
    assembled: skippedFile(state),
  }),
};

export const motFormat: PackFormatDef = {
  id: 'mot',
  fits: (t) => t.mediaKinds.includes('video') && t.shapeTypes.includes('video_track'),
  writer,
};
