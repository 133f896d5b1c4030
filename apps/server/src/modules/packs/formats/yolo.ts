import type { FormatWriter, PackContext, PackFormatDef, StreamText, WholeFile } from './pack-format.ts';
import {
  annotatedImages,
  boundsOf,
  keypointsOf,
  labelIndex,
  pointsOf,
  rectOf,
  type Shape,
  type SkipState,
  skip,
  skippedFile,
  stemOf,
  type XY,
} from './shape-geometry.ts';

/**
 * YOLO (Ultralytics layout, docs/packs.md "Formats"): `labels/<stem>.txt` per image, one object a line, coordinates
 * normalised by the image's width and height (6 decimals, clamped to 0–1), and `data.yaml` with the class names.
 * The task follows the template: key points → pose (`c cx cy w h x1 y1 v1 …`, `kpt_shape`); polygons → segment
 * (`c x1 y1 x2 y2 …`, rectangles as their 4 corners so the set is not a mixed detect/segment one); else detect
 * (`c cx cy w h`). Images without a known size cannot be normalised: they are listed in `skipped.txt`.
 */

type Mode = 'detect' | 'segment' | 'pose';

interface YoloState extends SkipState {
  mode: Mode;
  images: number;
  objects: number;
  /** Pose: key points without a known label were written as the extra class `keypoints` (index = labels count). */
  extraClass?: boolean;
}

/** Key points make a pose set; polygons in the template a segmentation set (boxes written as 4 corners). */
function modeOf(ctx: PackContext): Mode {
  if (ctx.keypoints) return 'pose';
  return ctx.shapeTypes.includes('polygon') ? 'segment' : 'detect';
}

const n6 = (v: number) => {
  const c = Math.min(1, Math.max(0, v));
  return c.toFixed(6);
};

function line(shape: Shape, cls: number, mode: Mode, w: number, h: number, ctx: PackContext): string | null {
  const xy = ([x, y]: XY) => `${n6(x / w)} ${n6(y / h)}`;
  const boxText = (b: { x: number; y: number; w: number; h: number }) =>
    `${n6((b.x + b.w / 2) / w)} ${n6((b.y + b.h / 2) / h)} ${n6(b.w / w)} ${n6(b.h / h)}`;
  if (mode === 'pose') {
    if (shape.type !== 'keypoints') return null;
    const points = keypointsOf(shape, ctx.keypoints?.names.length ?? 0);
    const bounds = boundsOf(points.filter((p) => p.v > 0).map((p) => [p.x, p.y]));
    if (!bounds) return null;
    return `${cls} ${boxText(bounds)} ${points.map((p) => `${xy([p.x, p.y])} ${p.v}`).join(' ')}`;
  }
  if (shape.type === 'rect') {
    const r = rectOf(shape);
    if (!r) return null;
    if (mode === 'detect') return `${cls} ${boxText(r)}`;
    const corners: XY[] = [
      [r.x, r.y],
      [r.x + r.w, r.y],
      [r.x + r.w, r.y + r.h],
      [r.x, r.y + r.h],
    ];
    return `${cls} ${corners.map(xy).join(' ')}`;
  }
  if (shape.type === 'polygon') {
    const points = pointsOf(shape);
    if (points.length < 3) return null;
    if (mode === 'segment') return `${cls} ${points.map(xy).join(' ')}`;
    return `${cls} ${boxText(boundsOf(points)!)}`;
  }
  return null;
}

const quote = (s: string) => JSON.stringify(s);

function dataYaml(state: YoloState, ctx: PackContext): string {
  const names = state.extraClass ? [...ctx.labels, 'keypoints'] : ctx.labels;
  const lines = [
    `# YOLO ${state.mode} dataset: ${ctx.projectName.replace(/[\r\n]/g, ' ')}`,
    '# Label files are in labels/; put the images in images/ (the pack has them in media/ when included).',
    'path: .',
    'train: images',
    'val: images',
    `nc: ${names.length}`,
    'names:',
    ...names.map((name, i) => `  ${i}: ${quote(name)}`),
  ];
  if (state.mode === 'pose' && ctx.keypoints) {
    lines.push(`kpt_shape: [${ctx.keypoints.names.length}, 3]`);
    lines.push(`# key points: ${ctx.keypoints.names.map(quote).join(', ')}`);
  }
  return `${lines.join('\n')}\n`;
}

const writer: FormatWriter<YoloState> = {
  init: (ctx) => ({ mode: modeOf(ctx), images: 0, objects: 0, skipped: 0 }),
  write(items, state, ctx) {
    const append: StreamText[] = [];
    const files: WholeFile[] = [];
    for (const p of annotatedImages(items, state, append)) {
      const { width, height } = p.item;
      if (!width || !height) {
        skip(state, append, p, 'image size unknown: YOLO coordinates need it');
        continue;
      }
      const lines: string[] = [];
      for (const shape of p.result.shapes) {
        let cls = labelIndex(ctx.labels, shape);
        if (cls === -1 && state.mode === 'pose' && shape.type === 'keypoints') {
          cls = ctx.labels.length;
          state.extraClass = true;
        }
        const text = cls === -1 ? null : line(shape, cls, state.mode, width, height, ctx);
        if (text) lines.push(text);
      }
      state.images += 1;
      state.objects += lines.length;
      files.push({ path: `labels/${stemOf(p.item.name)}.txt`, content: lines.map((l) => `${l}\n`).join('') });
    }
    return { append, files };
  },
  finish(state, ctx) {
    return { files: [{ path: 'data.yaml', content: dataYaml(state, ctx) }], assembled: skippedFile(state) };
  },
};

export const yoloFormat: PackFormatDef = {
  id: 'yolo',
  fits: (t) => t.mediaKinds.includes('image') && t.shapeTypes.some((s) => ['rect', 'polygon', 'keypoints'].includes(s)),
  writer,
};
