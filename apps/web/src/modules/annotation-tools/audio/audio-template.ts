import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';
import type { ToolLabel } from '../text/text-template.ts';

type Of<T extends TTemplateComponent['type']> = Extract<TTemplateComponent, { type: T }>;
export type AudioTool = Of<'audio_segment'>;
export type AudioMedia = Of<'audio'>;
export type { ToolLabel };

function flatten(components: readonly TTemplateComponent[], out: TTemplateComponent[] = []): TTemplateComponent[] {
  for (const c of components) {
    out.push(c);
    if (c.type === 'layout') flatten(c.children, out);
  }
  return out;
}

/** The template's first audio_segment tool, or null (then the audio is only played). */
export function audioToolOf(template: TTemplateContent | null | undefined): AudioTool | null {
  return (flatten(template?.components ?? []).find((c) => c.type === 'audio_segment') as AudioTool | undefined) ?? null;
}

/** The template's audio placeholder (carries `must_play_through`), or null. */
export function audioMediaOf(template: TTemplateContent | null | undefined): AudioMedia | null {
  return (flatten(template?.components ?? []).find((c) => c.type === 'audio') as AudioMedia | undefined) ?? null;
}

/** Labels of the tool: its `labels_from` tags component, else the template's first `tags`. */
export function audioLabels(template: TTemplateContent, tool: AudioTool | null): ToolLabel[] {
  const all = flatten(template.components);
  const tags = (all.find((c) => c.type === 'tags' && c.id === tool?.labels_from) ??
    all.find((c) => c.type === 'tags')) as Of<'tags'> | undefined;
  return (tags?.labels ?? []).map((l) => ({
    name: l.name,
    color: l.color,
    shortcut: l.shortcut ? normaliseShortcut(l.shortcut) : null,
  }));
}

/** The key that starts and ends a region at the playhead: the tool's shortcut (the user's own first), else `s`. */
export function markKeyOf(tool: AudioTool | null): string {
  return (tool?.shortcut && normaliseShortcut(tool.shortcut)) || 's';
}

/** `mm:ss.cc` (or `h:mm:ss.cc` past an hour) for a time in seconds. */
export function formatClock(seconds: number): string {
  const safe = Math.max(0, Number.isFinite(seconds) ? seconds : 0);
  const hours = Math.floor(safe / 3600);
  const minutes = Math.floor((safe % 3600) / 60);
  const rest = safe % 60;
  const secs = `${rest < 10 ? '0' : ''}${rest.toFixed(2)}`;
  const mm = String(minutes).padStart(2, '0');
  return hours > 0 ? `${hours}:${mm}:${secs}` : `${mm}:${secs}`;
}
