import { z } from 'zod';
import { INT32_MAX } from '../lists.ts';

/**
 * The annotation template document (docs/annotation-templates.md): `{ version: 1, components: [...] }`, each component
 * a discriminated union on `type`. The schema checks the structure; `templateProblems` checks the spec's
 * template rules against a category, so a document can be saved only when both are satisfied.
 */

/** Media an annotation category works on (matches the database's `AnnotationMedia`). */
export const TASK_TYPES = ['image', 'video', 'audio', 'text', 'point_cloud', 'form'] as const;
export type TTaskType = (typeof TASK_TYPES)[number];

export const MEDIA_TYPES = ['image', 'text', 'audio', 'video', 'point_cloud'] as const;
export const FORM_TYPES = ['radio', 'checkbox', 'select', 'input', 'textarea', 'upload'] as const;
export const TOOL_TYPES = [
  'rect',
  'rotated_rect',
  'polygon',
  'polyline',
  'point',
  'keypoints',
  'cuboid',
  'text_entity',
  'audio_segment',
  'video_track',
] as const;
export type TToolType = (typeof TOOL_TYPES)[number];

/** What a category draws: one tool kind, several (`mixed`, any tool), or nothing (forms and classification). */
export const DRAW_TYPES = ['none', 'mixed', ...TOOL_TYPES] as const;
export type TDrawType = (typeof DRAW_TYPES)[number];

export const TEMPLATE_LIMITS = {
  components: 200,
  options: 100,
  labels: 200,
  points: 100,
  edges: 300,
  depth: 4,
  fps: { min: 1, max: 20 },
} as const;

const ZComponentId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'validation.invalid_value');
/** A form field's result key. */
const ZFieldName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,39}$/, 'validation.invalid_value');
const ZText = (max: number) => z.string().trim().max(max, 'validation.too_long');
const ZColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'validation.invalid_value');

const MODIFIERS = ['ctrl', 'alt', 'shift', 'meta'] as const;
const KEY =
  /^([a-z0-9]|f([1-9]|1[0-2])|space|enter|tab|delete|backspace|escape|arrow(up|down|left|right)|[-=[\];',./`])$/;

/** A shortcut: one key (`a`, `1`, `f2`, `space`) or modifiers and a key (`ctrl+shift+s`); case-insensitive. */
export const ZShortcut = z
  .string()
  .max(40)
  .refine((value) => normaliseShortcut(value) !== null, 'validation.invalid_value');

/** The canonical form of a shortcut (lower case, modifiers in a fixed order), or null when it is not one. */
export function normaliseShortcut(value: string): string | null {
  const parts = value.toLowerCase().replace(/\s+/g, '').split('+');
  const key = parts.pop() ?? '';
  if (!KEY.test(key)) return null;
  const mods = new Set(parts);
  if (mods.size !== parts.length || parts.some((part) => !(MODIFIERS as readonly string[]).includes(part))) return null;
  return [...MODIFIERS.filter((m) => mods.has(m)), key].join('+');
}

const base = { id: ZComponentId };

// Media placeholders: where the data item is shown. `field` names the record field that carries it
// (the category's template field when empty).
const media = { ...base, field: ZText(100).default(''), title: ZText(100).default('') };
const ZImage = z.object({ ...media, type: z.literal('image') });
const ZTextMedia = z.object({ ...media, type: z.literal('text') });
const ZAudio = z.object({ ...media, type: z.literal('audio'), must_play_through: z.boolean().default(false) });
const ZVideo = z.object({
  ...media,
  type: z.literal('video'),
  /** Frames per second the video is sampled at for annotation (1-20, a template rule). */
  fps: z.number().int().max(INT32_MAX),
  must_play_through: z.boolean().default(false),
});
const ZPointCloud = z.object({ ...media, type: z.literal('point_cloud') });

// Form controls: each produces a result under its `name`.
const control = { ...base, name: ZFieldName, label: ZText(100), required: z.boolean().default(false) };
export const ZOption = z.object({ value: ZText(100).min(1, 'validation.required'), label: ZText(100) });
const options = z.array(ZOption).max(TEMPLATE_LIMITS.options);
const ZRadio = z.object({ ...control, type: z.literal('radio'), options });
const ZCheckbox = z.object({ ...control, type: z.literal('checkbox'), options });
const ZSelect = z.object({ ...control, type: z.literal('select'), options, multiple: z.boolean().default(false) });
const ZInput = z.object({
  ...control,
  type: z.literal('input'),
  placeholder: ZText(100).default(''),
  max_length: z.number().int().min(1).max(10_000).default(200),
});
const ZTextarea = z.object({
  ...control,
  type: z.literal('textarea'),
  placeholder: ZText(100).default(''),
  max_length: z.number().int().min(1).max(100_000).default(2000),
});
const ZUpload = z.object({
  ...control,
  type: z.literal('upload'),
  /** Allowed extensions without the dot (`jpg`); empty: any. */
  accept: z
    .array(z.string().regex(/^[a-z0-9]{1,10}$/))
    .max(20)
    .default([]),
  max_files: z.number().int().min(1).max(50).default(1),
});

// Labels: the classes shapes and spans carry (`tags`), or a choice about the whole item (`tag_group`).
export const ZLabel = z.object({
  name: ZText(50).min(1, 'validation.required'),
  color: ZColor,
  shortcut: ZShortcut.optional(),
});
const labels = z.array(ZLabel).max(TEMPLATE_LIMITS.labels);
const ZTags = z.object({
  ...base,
  type: z.literal('tags'),
  label: ZText(100).default(''),
  /** Every shape or span must carry one of these labels. */
  required: z.boolean().default(true),
  labels,
});
const ZTagGroup = z.object({
  ...base,
  type: z.literal('tag_group'),
  name: ZFieldName,
  label: ZText(100),
  multiple: z.boolean().default(false),
  /** At least one label of this group must be chosen. */
  required: z.boolean().default(false),
  /** Marked with an asterisk: at least one label must be chosen from the asterisked groups taken together. */
  asterisk: z.boolean().default(false),
  labels,
});

// Drawing tools. `labels_from` names the `tags` component whose labels the shapes carry (default: the first).
const tool = {
  ...base,
  label: ZText(50).default(''),
  shortcut: ZShortcut.optional(),
  labels_from: ZComponentId.optional(),
};
const ZRect = z.object({ ...tool, type: z.literal('rect') });
const ZRotatedRect = z.object({ ...tool, type: z.literal('rotated_rect') });
const ZPolygon = z.object({
  ...tool,
  type: z.literal('polygon'),
  min_points: z.number().int().min(3).max(1000).default(3),
});
const ZPolyline = z.object({
  ...tool,
  type: z.literal('polyline'),
  min_points: z.number().int().min(2).max(1000).default(2),
});
const ZPoint = z.object({ ...tool, type: z.literal('point') });
export const ZKeypoint = z.object({ name: ZText(50).min(1, 'validation.required'), color: ZColor.optional() });
const ZKeypoints = z.object({
  ...tool,
  type: z.literal('keypoints'),
  /** The points in the order the annotator places them. */
  points: z.array(ZKeypoint).max(TEMPLATE_LIMITS.points),
  /** Skeleton edges between point indexes (0-based). */
  edges: z
    .array(z.tuple([z.number().int(), z.number().int()]))
    .max(TEMPLATE_LIMITS.edges)
    .default([]),
  /** Shows the template's sample image as the reference pose: the sample must be uploaded first. */
  reference_image: z.boolean().default(false),
});
const ZCuboid = z.object({ ...tool, type: z.literal('cuboid') });
const ZTextEntity = z.object({ ...tool, type: z.literal('text_entity') });
const ZAudioSegment = z.object({ ...tool, type: z.literal('audio_segment'), transcript: z.boolean().default(false) });
const ZVideoTrack = z.object({ ...tool, type: z.literal('video_track') });

const ZDataCleaning = z.object({
  ...base,
  type: z.literal('data_cleaning'),
  name: ZFieldName.default('valid'),
  label: ZText(100).default(''),
  valid_label: ZText(30).default(''),
  invalid_label: ZText(30).default(''),
  /** Reasons offered when the item is marked invalid. */
  reasons: z.array(ZText(100).min(1)).max(50).default([]),
});
const ZExternalLink = z.object({
  ...base,
  type: z.literal('external_link'),
  label: ZText(100).min(1, 'validation.required'),
  url: z.url({ protocol: /^https?$/ }).max(1000),
});

const LEAVES = [
  ZImage,
  ZTextMedia,
  ZAudio,
  ZVideo,
  ZPointCloud,
  ZRadio,
  ZCheckbox,
  ZSelect,
  ZInput,
  ZTextarea,
  ZUpload,
  ZTags,
  ZTagGroup,
  ZRect,
  ZRotatedRect,
  ZPolygon,
  ZPolyline,
  ZPoint,
  ZKeypoints,
  ZCuboid,
  ZTextEntity,
  ZAudioSegment,
  ZVideoTrack,
  ZDataCleaning,
  ZExternalLink,
] as const;

type TLeaf = z.output<(typeof LEAVES)[number]>;
type TLeafInput = z.input<(typeof LEAVES)[number]>;
export interface TLayout {
  id: string;
  type: 'layout';
  direction: 'row' | 'column';
  children: TTemplateComponent[];
}
interface TLayoutInput {
  id: string;
  type: 'layout';
  direction?: 'row' | 'column';
  children: TTemplateComponentInput[];
}
export type TTemplateComponent = TLeaf | TLayout;
export type TTemplateComponentInput = TLeafInput | TLayoutInput;

const ZLayout = z.object({
  ...base,
  type: z.literal('layout'),
  direction: z.enum(['row', 'column']).default('row'),
  get children(): z.ZodArray<z.ZodType<TTemplateComponent, TTemplateComponentInput>> {
    return z.array(ZTemplateComponent).max(TEMPLATE_LIMITS.components);
  },
});

export const ZTemplateComponent: z.ZodType<TTemplateComponent, TTemplateComponentInput> = z.discriminatedUnion('type', [
  ...LEAVES,
  ZLayout,
]);

export const ZTemplateContent = z.object({
  version: z.literal(1),
  components: z.array(ZTemplateComponent).max(TEMPLATE_LIMITS.components),
});
export type TTemplateContent = z.output<typeof ZTemplateContent>;
export type TTemplateContentInput = z.input<typeof ZTemplateContent>;
export type TComponentType = TTemplateComponent['type'];
