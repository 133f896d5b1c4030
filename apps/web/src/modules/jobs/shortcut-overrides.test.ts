import type { TTemplateContent } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyOverrides, bindingsOf } from './shortcut-overrides.ts';

const template = {
  version: 1,
  components: [
    { id: 'img', type: 'image', field: '', title: '' },
    {
      id: 'labels',
      type: 'tags',
      label: '',
      required: true,
      labels: [{ name: 'cat', color: '#ff0000', shortcut: '1' }],
    },
    {
      id: 'row',
      type: 'layout',
      direction: 'row',
      children: [{ id: 'box', type: 'rect', label: 'Box', shortcut: 'r' }],
    },
    { id: 'outline', type: 'polygon', label: 'Outline', min_points: 3 },
  ],
} as unknown as TTemplateContent;

describe('shortcut overrides', () => {
  it('lists tools (in layouts too) and labels with the template key and the user key', () => {
    expect(bindingsOf(template, { outline: 'p' }).map((b) => [b.key, b.template, b.own])).toEqual([
      ['label:cat', '1', null],
      ['box', 'r', null],
      ['outline', null, 'p'],
    ]);
  });

  it("puts the user's valid keys in place of the template's and ignores invalid ones", () => {
    const applied = applyOverrides(template, { box: 'b', 'label:cat': 'ctrl+1', outline: 'not a key' }) as unknown as {
      components: {
        id: string;
        shortcut?: string;
        labels?: { shortcut?: string }[];
        children?: { shortcut?: string }[];
      }[];
    };
    expect(applied.components[1]?.labels?.[0]?.shortcut).toBe('ctrl+1');
    expect(applied.components[2]?.children?.[0]?.shortcut).toBe('b');
    expect(applied.components[3]?.shortcut).toBeUndefined();
    expect(applyOverrides(template, {})).toBe(template);
  });
});
