import { flattenComponents, TOOL_TYPES, type TTemplateContent, ZTemplateContent } from '@app/contracts';
import type { DataItemKind } from '@app/db/schema/index.ts';
import type { PackContext, TemplateTraits } from './formats/pack-format.ts';

const MEDIA_KINDS: readonly string[] = ['image', 'video', 'audio', 'text', 'point_cloud'];
const CONTROL_TYPES: readonly string[] = [
  'radio',
  'checkbox',
  'select',
  'input',
  'textarea',
  'upload',
  'tag_group',
  'data_cleaning',
];

/** The step template parsed, or null when it is missing or no longer a valid document. */
export function parseTemplate(content: unknown): TTemplateContent | null {
  const parsed = ZTemplateContent.safeParse(content);
  return parsed.success ? parsed.data : null;
}

function components(template: TTemplateContent | null) {
  return template ? flattenComponents(template.components).map(([c]) => c) : [];
}

/** What a step's template holds, for the formats' `fits`: media kinds (records when no media), shape types, fields. */
export function templateTraits(content: unknown): TemplateTraits {
  const all = components(parseTemplate(content));
  const media = [...new Set(all.map((c) => c.type).filter((t) => MEDIA_KINDS.includes(t)))] as DataItemKind[];
  const shapes = [...new Set(all.map((c) => c.type).filter((t) => (TOOL_TYPES as readonly string[]).includes(t)))];
  return {
    mediaKinds: media.length > 0 ? media : ['record'],
    shapeTypes: shapes,
    hasFields: all.some((c) => CONTROL_TYPES.includes(c.type)),
  };
}

/** Labels of the `tags` components in document order (each name once), the first key point tool, the video fps. */
export function packContext(
  content: unknown,
  options: { projectName: string; includeMedia: boolean },
): PackContext & { fps: number | null } {
  const all = components(parseTemplate(content));
  const labels: string[] = [];
  for (const c of all) {
    if (c.type !== 'tags') continue;
    for (const label of c.labels) if (!labels.includes(label.name)) labels.push(label.name);
  }
  const kp = all.find((c) => c.type === 'keypoints');
  const video = all.find((c) => c.type === 'video');
  return {
    projectName: options.projectName,
    includeMedia: options.includeMedia,
    labels,
    keypoints:
      kp && kp.type === 'keypoints'
        ? { names: kp.points.map((p) => p.name), skeleton: kp.edges.map(([a, b]) => [a, b] as [number, number]) }
        : null,
    shapeTypes: templateTraits(content).shapeTypes,
    fps: video && video.type === 'video' ? video.fps : null,
  };
}
