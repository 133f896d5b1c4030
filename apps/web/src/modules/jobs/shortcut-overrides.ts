import type { TTemplateComponent, TTemplateContent } from '@app/contracts';
import { normaliseShortcut, TOOL_TYPES } from '@app/contracts/annotation/template.ts';

/** A user's own key bindings: tool component id or `label:<name>` -> shortcut; they override the template's. */
export type ShortcutOverrides = Record<string, string>;

const storageKey = (userId: number) => `shortcuts:${userId}`;

export function readOverrides(userId: number): ShortcutOverrides {
  try {
    const parsed = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '{}') as unknown;
    return typeof parsed === 'object' && parsed !== null ? (parsed as ShortcutOverrides) : {};
  } catch {
    return {};
  }
}

export function writeOverrides(userId: number, overrides: ShortcutOverrides): void {
  localStorage.setItem(storageKey(userId), JSON.stringify(overrides));
}

export interface Binding {
  key: string;
  kind: 'tool' | 'label';
  name: string;
  template: string | null;
  own: string | null;
}

type Tool = Extract<TTemplateComponent, { type: (typeof TOOL_TYPES)[number] }>;
const isTool = (c: TTemplateComponent): c is Tool => (TOOL_TYPES as readonly string[]).includes(c.type);

function walk(components: readonly TTemplateComponent[], visit: (c: TTemplateComponent) => void) {
  for (const c of components) {
    visit(c);
    if (c.type === 'layout') walk(c.children, visit);
  }
}

/** The tools and labels of a template that can carry a shortcut, with the template's and the user's binding. */
export function bindingsOf(template: TTemplateContent | null, overrides: ShortcutOverrides): Binding[] {
  const rows: Binding[] = [];
  walk(template?.components ?? [], (c) => {
    if (isTool(c)) {
      rows.push({
        key: c.id,
        kind: 'tool',
        name: c.label || c.id,
        template: c.shortcut ?? null,
        own: overrides[c.id] ?? null,
      });
    }
    if (c.type === 'tags' || c.type === 'tag_group') {
      for (const label of c.labels) {
        const key = `label:${label.name}`;
        rows.push({
          key,
          kind: 'label',
          name: label.name,
          template: label.shortcut ?? null,
          own: overrides[key] ?? null,
        });
      }
    }
  });
  return rows;
}

/** The template with the user's bindings in place of the template's (invalid bindings are ignored). */
export function applyOverrides(template: TTemplateContent | null, overrides: ShortcutOverrides) {
  if (!template || Object.keys(overrides).length === 0) return template;
  const valid = (value: string | undefined) => (value && normaliseShortcut(value) ? value : undefined);
  const map = (c: TTemplateComponent): TTemplateComponent => {
    if (c.type === 'layout') return { ...c, children: c.children.map(map) };
    if (c.type === 'tags' || c.type === 'tag_group') {
      return {
        ...c,
        labels: c.labels.map((l) => ({ ...l, shortcut: valid(overrides[`label:${l.name}`]) ?? l.shortcut })),
      } as TTemplateComponent;
    }
    const own = isTool(c) ? valid(overrides[c.id]) : undefined;
    return own ? ({ ...c, shortcut: own } as TTemplateComponent) : c;
  };
  return { ...template, components: template.components.map(map) };
}
