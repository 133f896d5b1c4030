import type { TTemplateComponent, TTemplateContent } from '@app/contracts';

/**
 * Which template components the image annotator draws with. Kept apart from the canvas code (no konva here) so
 * that the job frame can decide whether to load the annotator's lazy chunk at all.
 */
export const IMAGE_TOOL_TYPES = ['rect', 'rotated_rect', 'polygon', 'polyline', 'point', 'keypoints'] as const;
export type ImageToolType = (typeof IMAGE_TOOL_TYPES)[number];
export type ImageTool = Extract<TTemplateComponent, { type: ImageToolType }>;

function walk(components: readonly TTemplateComponent[], visit: (c: TTemplateComponent) => void) {
  for (const c of components) {
    visit(c);
    if (c.type === 'layout') walk(c.children, visit);
  }
}

/** Every component of the template, layouts' children included, in document order. */
export function allComponents(template: TTemplateContent | null | undefined): TTemplateComponent[] {
  const all: TTemplateComponent[] = [];
  walk(template?.components ?? [], (c) => all.push(c));
  return all;
}

export const isImageTool = (c: TTemplateComponent): c is ImageTool =>
  (IMAGE_TOOL_TYPES as readonly string[]).includes(c.type);

/** The template's image drawing tools in document order. */
export const imageTools = (template: TTemplateContent | null | undefined): ImageTool[] =>
  allComponents(template).filter(isImageTool);

export const hasImageTools = (template: TTemplateContent | null | undefined) => imageTools(template).length > 0;
