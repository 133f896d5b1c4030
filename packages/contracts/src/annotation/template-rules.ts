import {
  FORM_TYPES,
  MEDIA_TYPES,
  normaliseShortcut,
  type TDrawType,
  TEMPLATE_LIMITS,
  TOOL_TYPES,
  type TTaskType,
  type TTemplateComponent,
  type TTemplateContent,
  ZTemplateContent,
} from './template.ts';

/**
 * Problem codes of a template; each has a message in both
 * languages in the `templates` namespace (`problem.<code>`), with `params` as interpolation values.
 */
export const TEMPLATE_PROBLEM_CODES = [
  'schema_invalid',
  'duplicate_id',
  'duplicate_name',
  'shortcut_duplicate',
  'drawing_tool_missing',
  'tool_media_mismatch',
  'labels_source_missing',
  'options_empty',
  'option_duplicate',
  'labels_empty',
  'label_duplicate',
  'keypoints_empty',
  'keypoint_edge_invalid',
  'sample_image_missing',
  'fps_out_of_range',
  'media_missing',
  'media_mismatch',
  'layout_empty',
  'layout_too_deep',
  'too_many_components',
  'result_component_missing',
] as const;
export type TTemplateProblemCode = (typeof TEMPLATE_PROBLEM_CODES)[number];

export interface TTemplateProblem {
  code: TTemplateProblemCode;
  component_id?: string;
  params?: Record<string, string | number>;
}

export interface TemplateCategory {
  task_type: TTaskType;
  draw_type: TDrawType | string;
}

/** Which media each drawing tool works on. */
const TOOL_MEDIA: Record<(typeof TOOL_TYPES)[number], readonly TTaskType[]> = {
  rect: ['image', 'video'],
  rotated_rect: ['image', 'video'],
  polygon: ['image', 'video'],
  polyline: ['image', 'video'],
  point: ['image', 'video'],
  keypoints: ['image', 'video'],
  cuboid: ['point_cloud'],
  text_entity: ['text'],
  audio_segment: ['audio', 'video'],
  video_track: ['video'],
};

const isTool = (c: TTemplateComponent): c is Extract<TTemplateComponent, { type: (typeof TOOL_TYPES)[number] }> =>
  (TOOL_TYPES as readonly string[]).includes(c.type);
const isMedia = (c: TTemplateComponent) => (MEDIA_TYPES as readonly string[]).includes(c.type);
const isControl = (c: TTemplateComponent) =>
  (FORM_TYPES as readonly string[]).includes(c.type) || c.type === 'tag_group' || c.type === 'data_cleaning';

/** Every component of the document, layouts' children included, in document order, with its depth. */
export function flattenComponents(
  components: readonly TTemplateComponent[],
  depth = 1,
): [TTemplateComponent, number][] {
  return components.flatMap((c): [TTemplateComponent, number][] => [
    [c, depth],
    ...(c.type === 'layout' ? flattenComponents(c.children, depth + 1) : []),
  ]);
}

function duplicates<T>(items: readonly T[]): T[] {
  const seen = new Set<T>();
  const twice = new Set<T>();
  for (const item of items) (seen.has(item) ? twice : seen).add(item);
  return [...twice];
}

/**
 * The template rules for a parsed document and its category: unique ids, field names and
 * shortcuts (tools and labels together); a drawing tool where the category draws (of its kind unless `mixed`);
 * tools fit the media; choice controls keep an option, label sets a label, key points a point; a sample image
 * uploaded first where a component shows one; fps 1-20; the media placeholder of the category's task type.
 * An empty list means the document may be saved.
 */
export function templateProblems(
  content: TTemplateContent,
  category: TemplateCategory,
  opts: { sampleImage?: string | null } = {},
): TTemplateProblem[] {
  const problems: TTemplateProblem[] = [];
  const all = flattenComponents(content.components);
  const components = all.map(([c]) => c);
  const add = (code: TTemplateProblemCode, component_id?: string, params?: TTemplateProblem['params']) =>
    problems.push({ code, ...(component_id ? { component_id } : {}), ...(params ? { params } : {}) });

  if (components.length > TEMPLATE_LIMITS.components)
    add('too_many_components', undefined, { max: TEMPLATE_LIMITS.components });
  for (const id of duplicates(components.map((c) => c.id))) add('duplicate_id', id, { id });
  const named = components.filter(isControl) as { name: string; id: string }[];
  for (const name of duplicates(named.map((c) => c.name))) add('duplicate_name', undefined, { name });

  // Shortcuts: tools and labels share the keyboard.
  const shortcuts: { key: string; id: string }[] = [];
  for (const c of components) {
    if (isTool(c) && c.shortcut) shortcuts.push({ key: normaliseShortcut(c.shortcut) ?? c.shortcut, id: c.id });
    if (c.type === 'tags' || c.type === 'tag_group') {
      for (const label of c.labels) {
        if (label.shortcut) shortcuts.push({ key: normaliseShortcut(label.shortcut) ?? label.shortcut, id: c.id });
      }
    }
  }
  for (const key of duplicates(shortcuts.map((s) => s.key))) {
    add('shortcut_duplicate', shortcuts.find((s) => s.key === key)?.id, { shortcut: key });
  }

  const tools = components.filter(isTool);
  if (category.draw_type !== 'none') {
    const fitting = category.draw_type === 'mixed' ? tools : tools.filter((c) => c.type === category.draw_type);
    if (fitting.length === 0) add('drawing_tool_missing', undefined, { draw_type: category.draw_type });
  }
  const tagIds = new Set(components.filter((c) => c.type === 'tags').map((c) => c.id));
  for (const c of tools) {
    if (!TOOL_MEDIA[c.type].includes(category.task_type)) {
      add('tool_media_mismatch', c.id, { type: c.type, task_type: category.task_type });
    }
    if (c.labels_from && !tagIds.has(c.labels_from)) add('labels_source_missing', c.id, { labels_from: c.labels_from });
  }

  for (const [c, depth] of all) {
    switch (c.type) {
      case 'radio':
      case 'checkbox':
      case 'select':
        if (c.options.length === 0) add('options_empty', c.id);
        for (const value of duplicates(c.options.map((o) => o.value))) add('option_duplicate', c.id, { value });
        break;
      case 'tags':
      case 'tag_group':
        if (c.labels.length === 0) add('labels_empty', c.id);
        for (const name of duplicates(c.labels.map((l) => l.name))) add('label_duplicate', c.id, { name });
        break;
      case 'keypoints':
        if (c.points.length === 0) add('keypoints_empty', c.id);
        for (const [from, to] of c.edges) {
          const inRange = (i: number) => i >= 0 && i < c.points.length;
          if (!inRange(from) || !inRange(to) || from === to) add('keypoint_edge_invalid', c.id, { from, to });
        }
        if (c.reference_image && !opts.sampleImage) add('sample_image_missing', c.id);
        break;
      case 'video': {
        const { min, max } = TEMPLATE_LIMITS.fps;
        if (c.fps < min || c.fps > max) add('fps_out_of_range', c.id, { fps: c.fps, min, max });
        break;
      }
      case 'layout':
        if (c.children.length === 0) add('layout_empty', c.id);
        if (depth >= TEMPLATE_LIMITS.depth) add('layout_too_deep', c.id, { max: TEMPLATE_LIMITS.depth });
        break;
      default:
    }
  }

  // The data item is shown in a placeholder of the category's media; forms may show any media or none.
  if (category.task_type !== 'form') {
    const placeholders = components.filter(isMedia);
    if (!placeholders.some((c) => c.type === category.task_type)) {
      add('media_missing', undefined, { task_type: category.task_type });
    }
    for (const c of placeholders) {
      if (c.type !== category.task_type) add('media_mismatch', c.id, { type: c.type, task_type: category.task_type });
    }
  }

  const producesResult = components.some((c) => isTool(c) || isControl(c));
  if (!producesResult) add('result_component_missing');
  return problems;
}

/**
 * Checks a document that has not been parsed yet (the JSON editor's live validation): its structural
 * problems (`schema_invalid`, with the path and the zod message) or, when it parses, the template rules.
 */
export function checkTemplate(
  content: unknown,
  category: TemplateCategory,
  opts: { sampleImage?: string | null } = {},
): { content: TTemplateContent | null; problems: TTemplateProblem[] } {
  const parsed = ZTemplateContent.safeParse(content);
  if (!parsed.success) {
    return {
      content: null,
      problems: parsed.error.issues.slice(0, 20).map((issue) => ({
        code: 'schema_invalid' as const,
        params: { path: issue.path.join('.') || '(document)', message: issue.message },
      })),
    };
  }
  return { content: parsed.data, problems: templateProblems(parsed.data, category, opts) };
}
