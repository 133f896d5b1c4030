import { z } from 'zod';
import { INT32_MAX } from '../lists.ts';

/**
 * The annotation result of a job (docs/annotation-tools.md): `{ version: 1, shapes: [...], fields: {...} }`. Shapes are
 * what drawing tools make, each naming its tool component (`tool`) and the label it carries; `fields` hold the
 * values of form controls, tag groups and data cleaning under their `name`. `relations` link text spans.
 */

const ZNum = z.number().finite();
const ZXY = z.tuple([ZNum, ZNum]);
const shape = {
  id: z.string().min(1).max(40),
  tool: z.string().min(1).max(40),
  label: z.string().max(50).optional(),
  /** Free attributes of the shape (tag groups per shape, notes). */
  attributes: z.record(z.string().max(40), z.unknown()).optional(),
  hidden: z.boolean().optional(),
  locked: z.boolean().optional(),
};
const ZBox = { x: ZNum, y: ZNum, w: ZNum.nonnegative(), h: ZNum.nonnegative() };
/** Visibility of a key point: 2 visible, 1 occluded, 0 absent (COCO's convention). */
export const ZKeypointValue = z.object({ x: ZNum, y: ZNum, v: z.union([z.literal(0), z.literal(1), z.literal(2)]) });
const ZTrackFrame = z.object({
  frame: z.number().int().nonnegative().max(INT32_MAX),
  ...ZBox,
  key: z.boolean().default(true),
});

export const ZShape = z.discriminatedUnion('type', [
  z.object({ ...shape, type: z.literal('rect'), ...ZBox }),
  z.object({ ...shape, type: z.literal('rotated_rect'), ...ZBox, angle: ZNum }),
  z.object({ ...shape, type: z.literal('polygon'), points: z.array(ZXY).max(10_000) }),
  z.object({ ...shape, type: z.literal('polyline'), points: z.array(ZXY).max(10_000) }),
  z.object({ ...shape, type: z.literal('point'), x: ZNum, y: ZNum }),
  z.object({ ...shape, type: z.literal('keypoints'), points: z.array(ZKeypointValue).max(100) }),
  z.object({
    ...shape,
    type: z.literal('cuboid'),
    center: z.tuple([ZNum, ZNum, ZNum]),
    size: z.tuple([ZNum.nonnegative(), ZNum.nonnegative(), ZNum.nonnegative()]),
    heading: ZNum,
  }),
  z.object({
    ...shape,
    type: z.literal('text_entity'),
    start: z.number().int().nonnegative().max(INT32_MAX),
    end: z.number().int().positive().max(INT32_MAX),
    text: z.string().max(10_000).optional(),
  }),
  z.object({
    ...shape,
    type: z.literal('audio_segment'),
    start: ZNum.nonnegative(),
    end: ZNum.positive(),
    transcript: z.string().max(10_000).optional(),
  }),
  z.object({ ...shape, type: z.literal('video_track'), frames: z.array(ZTrackFrame).max(100_000) }),
]);
export type TShape = z.output<typeof ZShape>;

/** A field value: text, a choice, several choices, or a boolean (data cleaning). */
const ZFieldValue = z.union([z.string().max(100_000), z.array(z.string().max(1000)).max(1000), z.boolean(), z.null()]);

export const ZAnnotationResult = z.object({
  version: z.literal(1),
  shapes: z.array(ZShape).max(50_000).default([]),
  fields: z.record(z.string().max(40), ZFieldValue).default({}),
  relations: z
    .array(z.object({ from: z.string().max(40), to: z.string().max(40), label: z.string().max(50).default('') }))
    .max(10_000)
    .default([]),
});
export type TAnnotationResult = z.output<typeof ZAnnotationResult>;
export type TAnnotationResultInput = z.input<typeof ZAnnotationResult>;

/** The figures of a result that performance statistics add up (docs/annotation-tools.md). */
export interface TResultCounts {
  boxes: number;
  points: number;
  annotations: number;
}

const BOX_TYPES = new Set(['rect', 'rotated_rect', 'cuboid', 'video_track']);

const filled = (value: unknown) =>
  value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0);

/**
 * Boxes: rectangles, rotated rectangles, cuboids and tracks. Points: point shapes, polygon and polyline vertices,
 * key points not marked absent. Annotations: every shape plus every filled field.
 */
export function resultCounts(result: TAnnotationResult): TResultCounts {
  let boxes = 0;
  let points = 0;
  for (const item of result.shapes) {
    if (BOX_TYPES.has(item.type)) boxes += 1;
    if (item.type === 'point') points += 1;
    else if (item.type === 'polygon' || item.type === 'polyline') points += item.points.length;
    else if (item.type === 'keypoints') points += item.points.filter((p) => p.v !== 0).length;
  }
  const fields = Object.values(result.fields).filter(filled).length;
  return { boxes, points, annotations: result.shapes.length + fields };
}

export { filled as isFilledFieldValue };
