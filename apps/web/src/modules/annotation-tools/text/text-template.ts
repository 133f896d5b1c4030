import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { normaliseShortcut } from '@app/contracts/annotation/template.ts';

type Of<T extends TTemplateComponent['type']> = Extract<TTemplateComponent, { type: T }>;
export type TextTool = Of<'text_entity'>;
export interface ToolLabel {
  name: string;
  color: string;
  /** Normalised shortcut (`normaliseShortcut`), or null. */
  shortcut: string | null;
}

function flatten(components: readonly TTemplateComponent[], out: TTemplateComponent[] = []): TTemplateComponent[] {
  for (const c of components) {
    out.push(c);
    if (c.type === 'layout') flatten(c.children, out);
  }
  return out;
}

/** The template's first text_entity tool, or null. */
export function textToolOf(template: TTemplateContent | null | undefined): TextTool | null {
  return (flatten(template?.components ?? []).find((c) => c.type === 'text_entity') as TextTool | undefined) ?? null;
}

/** Labels of the tool: its `labels_from` tags component, else the template's first `tags`. */
export function toolLabels(template: TTemplateContent, tool: TextTool): ToolLabel[] {
  const all = flatten(template.components);
  const tags = (all.find((c) => c.type === 'tags' && c.id === tool.labels_from) ??
    all.find((c) => c.type === 'tags')) as Of<'tags'> | undefined;
  return (tags?.labels ?? []).map((l) => ({
    name: l.name,
    color: l.color,
    shortcut: l.shortcut ? normaliseShortcut(l.shortcut) : null,
  }));
}

/** The payload field the template's `text` placeholder names (default `text`). */
export function textFieldOf(template: TTemplateContent): string {
  const media = flatten(template.components).find((c) => c.type === 'text') as Of<'text'> | undefined;
  return media?.field || 'text';
}

/** The text carried by the payload itself (a string, or the record's field), else null (load the file). */
export function payloadText(payload: unknown, field: string): string | null {
  if (typeof payload === 'string') return payload;
  if (typeof payload === 'object' && payload !== null && !Array.isArray(payload)) {
    const value = (payload as Record<string, unknown>)[field];
    if (typeof value === 'string') return value;
  }
  return null;
}

const KEY_NAMES: Record<string, string> = {
  ' ': 'space',
  arrowup: 'arrowup',
  arrowdown: 'arrowdown',
  arrowleft: 'arrowleft',
  arrowright: 'arrowright',
};

/** A key event in the form of `normaliseShortcut` (`ctrl+shift+s`), or null for modifier keys alone. */
export function eventShortcut(event: {
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}): string | null {
  const raw = event.key.toLowerCase();
  if (['control', 'alt', 'shift', 'meta'].includes(raw)) return null;
  const key = KEY_NAMES[raw] ?? raw;
  const mods = [event.ctrlKey && 'ctrl', event.altKey && 'alt', event.shiftKey && 'shift', event.metaKey && 'meta'];
  return normaliseShortcut([...mods.filter(Boolean), key].join('+'));
}
