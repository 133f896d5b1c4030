import type { FormatWriter, PackContext, PackFormatDef, PackItem, StreamText } from './pack-format.ts';
import {
  boundsOf,
  keypointsOf,
  labelIndex,
  num,
  otherKind,
  pointsOf,
  polygonArea,
  push,
  rectOf,
  rotatedCorners,
  round,
  type Shape,
  type SkipState,
  skip,
  skippedFile,
} from './shape-geometry.ts';

/**
 * COCO (docs/packs.md, "Formats"): one `annotations/instances.json` assembled from two streams (images,
 * annotations), so memory stays flat whatever the project's size. Categories are the template's labels (id =
 * index + 1); a category used by key points carries the template's key point names and skeleton (1-based).
 */

interface CocoState extends SkipState {
  images: number;
  annotations: number;
  /** Label indexes used by key point shapes; -1: key points without a label (the extra `keypoints` category). */
  keypointLabels: number[];
}

interface CocoAnnotation {
  category_id: number;
  segmentation: number[][];
  area: number;
  bbox: number[];
  keypoints?: number[];
  num_keypoints?: number;
}

const box = (b: { x: number; y: number; w: number; h: number }) => [round(b.x), round(b.y), round(b.w), round(b.h)];

function annotationOf(shape: Shape, category: number, ctx: PackContext): CocoAnnotation | null {
  if (shape.type === 'rect') {
    const r = rectOf(shape);
    return r && { category_id: category, segmentation: [], area: round(r.w * r.h), bbox: box(r) };
  }
  if (shape.type === 'rotated_rect' || shape.type === 'polygon') {
    const r = rectOf(shape);
    const points = shape.type === 'polygon' ? pointsOf(shape) : r ? rotatedCorners(r, num(shape.angle) ?? 0) : [];
    const bounds = points.length >= 3 ? boundsOf(points) : null;
    if (!bounds) return null;
    return {
      category_id: category,
      segmentation: [points.flatMap(([x, y]) => [round(x), round(y)])],
      area: round(polygonArea(points)),
      bbox: box(bounds),
    };
  }
  if (shape.type === 'keypoints') {
    const points = keypointsOf(shape, ctx.keypoints?.names.length ?? 0);
    const labelled = points.filter((p) => p.v > 0);
    const bounds = boundsOf(labelled.map((p) => [p.x, p.y]));
    if (!bounds) return null;
    return {
      category_id: category,
      segmentation: [],
      area: round(bounds.w * bounds.h),
      bbox: box(bounds),
      keypoints: points.flatMap((p) => [round(p.x), round(p.y), p.v]),
      num_keypoints: labelled.length,
    };
  }
  return null;
}

/** The category of a shape: its label's (index + 1); key points without a known label go to the extra category. */
function categoryOf(shape: Shape, ctx: PackContext, state: CocoState): number | null {
  const index = labelIndex(ctx.labels, shape);
  if (shape.type === 'keypoints') {
    if (!state.keypointLabels.includes(index)) state.keypointLabels.push(index);
    return index === -1 ? ctx.labels.length + 1 : index + 1;
  }
  return index === -1 ? null : index + 1;
}

function writeItem(p: PackItem, state: CocoState, ctx: PackContext, append: StreamText[]) {
  if (otherKind(p, 'image')) return skip(state, append, p, 'not an image');
  state.images += 1;
  const imageId = state.images;
  const image = { id: imageId, file_name: p.item.name, width: p.item.width ?? 0, height: p.item.height ?? 0 };
  push(append, 'images', `${imageId === 1 ? '\n' : ',\n'}${JSON.stringify(image)}`);
  let text = '';
  for (const shape of p.result?.shapes ?? []) {
    const category = categoryOf(shape, ctx, state);
    const annotation = category === null ? null : annotationOf(shape, category, ctx);
    if (!annotation) continue;
    state.annotations += 1;
    const { keypoints, num_keypoints, ...rest } = annotation;
    const record = {
      id: state.annotations,
      image_id: imageId,
      ...rest,
      iscrowd: 0,
      ...(keypoints ? { keypoints, num_keypoints } : {}),
    };
    text += `${state.annotations === 1 ? '\n' : ',\n'}${JSON.stringify(record)}`;
  }
  push(append, 'annotations', text);
}

function categories(state: CocoState, ctx: PackContext) {
  const kp = ctx.keypoints;
  const withKeypoints = (index: number) =>
    kp && state.keypointLabels.includes(index)
      ? { keypoints: kp.names, skeleton: kp.skeleton.map(([a, b]) => [a + 1, b + 1]) }
      : {};
  const list: object[] = ctx.labels.map((name, i) => ({ id: i + 1, name, supercategory: '', ...withKeypoints(i) }));
  if (state.keypointLabels.includes(-1)) {
    list.push({ id: ctx.labels.length + 1, name: 'keypoints', supercategory: '', ...withKeypoints(-1) });
  }
  return list;
}

const writer: FormatWriter<CocoState> = {
  init: () => ({ images: 0, annotations: 0, keypointLabels: [], skipped: 0 }),
  write(items, state, ctx) {
    const append: StreamText[] = [];
    for (const p of items) if (p.result) writeItem(p, state, ctx, append);
    return { append, files: [] };
  },
  finish(state, ctx) {
    const head = `{"info":${JSON.stringify({ description: ctx.projectName, version: '1.0' })},"licenses":[],"categories":${JSON.stringify(categories(state, ctx))},\n"images":[`;
    return {
      files: [],
      assembled: [
        {
          path: 'annotations/instances.json',
          pieces: [
            head,
            { stream: 'images' },
            state.images ? '\n],\n"annotations":[' : '],\n"annotations":[',
            { stream: 'annotations' },
            state.annotations ? '\n]}\n' : ']}\n',
          ],
        },
        ...skippedFile(state),
      ],
    };
  },
};

const COCO_SHAPES = ['rect', 'polygon', 'keypoints'];

export const cocoFormat: PackFormatDef = {
  id: 'coco',
  fits: (t) => t.mediaKinds.includes('image') && t.shapeTypes.some((s) => COCO_SHAPES.includes(s)),
  writer,
};
