import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import { allComponents } from '../image/image-tools.ts';
import { clampFps } from './track-model.ts';

/**
 * What the video tool takes from the template: its `video` component (frame rate, must play through), the
 * `video_track` tools, each tool's labels and the shortcuts. No konva or React here, so that the job frame can
 * decide whether to load the tool's chunk at all.
 */
export type TrackTool = Extract<TTemplateComponent, { type: 'video_track' }>;
export type VideoComponent = Extract<TTemplateComponent, { type: 'video' }>;

export interface TrackLabel {
  name: string;
  color: string;
  shortcut?: string;
}

export const NO_LABEL_COLOR = '#8c8c8c';

export const trackTools = (template: TTemplateContent | null | undefined): TrackTool[] =>
  allComponents(template).filter((c): c is TrackTool => c.type === 'video_track');

/** Whether the template has a video_track tool (then the video tool replaces the plain item view). */
export function hasVideoTool(template: TTemplateContent | null | undefined): template is TTemplateContent {
  return trackTools(template).length > 0;
}

export interface VideoSetup {
  fps: number;
  mustPlayThrough: boolean;
  tools: TrackTool[];
  byId: Map<string, TrackTool>;
  /** The labels a tool's tracks carry: its `labels_from` tags component, else the first `tags`. */
  labelsOf: (toolId: string | undefined) => TrackLabel[];
  colorOf: (toolId: string, label: string | undefined) => string;
  /** Normalised shortcut -> a tool id or a label name. */
  toolKeys: Map<string, string>;
  labelKeys: Map<string, string>;
}

export function videoSetup(template: TTemplateContent): VideoSetup {
  const all = allComponents(template);
  const video = all.find((c): c is VideoComponent => c.type === 'video');
  const tools = trackTools(template);
  const tags = all.filter((c) => c.type === 'tags');
  const labelsOf = (toolId: string | undefined): TrackLabel[] => {
    const tool = tools.find((t) => t.id === toolId) ?? tools[0];
    const source = (tool?.labels_from && tags.find((t) => t.id === tool.labels_from)) || tags[0];
    return source?.type === 'tags' ? source.labels : [];
  };
  const toolKeys = new Map<string, string>();
  for (const tool of tools) {
    const key = tool.shortcut && normaliseShortcut(tool.shortcut);
    if (key) toolKeys.set(key, tool.id);
  }
  const labelKeys = new Map<string, string>();
  for (const group of tags) {
    if (group.type !== 'tags') continue;
    for (const label of group.labels) {
      const key = label.shortcut && normaliseShortcut(label.shortcut);
      if (key) labelKeys.set(key, label.name);
    }
  }
  return {
    fps: clampFps(video?.fps),
    mustPlayThrough: video?.must_play_through ?? false,
    tools,
    byId: new Map(tools.map((t) => [t.id, t])),
    labelsOf,
    colorOf: (toolId, label) => labelsOf(toolId).find((l) => l.name === label)?.color ?? NO_LABEL_COLOR,
    toolKeys,
    labelKeys,
  };
}
