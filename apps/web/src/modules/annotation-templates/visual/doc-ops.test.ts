import { checkTemplate } from '@app/contracts/annotation/template-rules.ts';
import { describe, expect, it } from 'vitest';
import {
  type Comp,
  componentAtPath,
  duplicateComponent,
  moveComponent,
  newComponent,
  renameComponent,
  walk,
} from './doc-ops.ts';

const start = (): Comp[] => [
  { id: 'img', type: 'image', field: '', title: '' },
  {
    id: 'row',
    type: 'layout',
    direction: 'row',
    children: [{ id: 'q', type: 'input', name: 'q', label: 'Q', required: false, placeholder: '', max_length: 200 }],
  },
  { id: 'tags', type: 'tags', label: '', required: true, labels: [{ name: 'car', color: '#1677ff' }] },
  { id: 'box', type: 'rect', label: 'Box', labels_from: 'tags' },
];
const ids = (list: Comp[]) => list.map((c) => c.id);

describe('visual editor document operations', () => {
  it('gives new components unique ids and field names, and the result passes the rules', () => {
    let list = start();
    for (let i = 0; i < 2; i++) {
      const radio = newComponent(list, 'radio');
      if (radio) list = [...list, radio];
    }
    expect(ids(list).slice(-2)).toEqual(['radio1', 'radio2']);
    const names = walk(list).flatMap((c) => ('name' in c ? [c.name] : []));
    expect(new Set(names).size).toBe(names.length);
    const checked = checkTemplate({ version: 1, components: list }, { task_type: 'image', draw_type: 'rect' });
    expect(checked.problems).toEqual([]);
  });

  it('moves into and out of layouts, and never a layout into itself', () => {
    let list = moveComponent(start(), 'box', { parent: 'row', index: 0 });
    expect(ids(list)).toEqual(['img', 'row', 'tags']);
    expect(list[1]?.type === 'layout' && ids(list[1].children)).toEqual(['box', 'q']);
    list = moveComponent(list, 'q', { parent: null, index: 0 });
    expect(ids(list)).toEqual(['q', 'img', 'row', 'tags']);
    expect(moveComponent(list, 'row', { parent: 'row', index: 0 })).toEqual(list);
    // Down by one in the same list: the place is given before the move.
    expect(ids(moveComponent(list, 'q', { parent: null, index: 2 }))).toEqual(['img', 'q', 'row', 'tags']);
  });

  it('duplicates a layout with fresh ids and names, and renames references', () => {
    const { list, id } = duplicateComponent(start(), 'row');
    expect(id).toBe('layout1');
    const copy = list[2];
    expect(copy?.type === 'layout' && copy.children[0]).toMatchObject({ id: 'input1', name: 'input1' });
    const renamed = renameComponent(start(), 'tags', 'classes');
    expect(renamed[3]).toMatchObject({ labels_from: 'classes' });
  });

  it('finds the component a schema problem points into', () => {
    expect(componentAtPath(start(), 'components.1.children.0.max_length')).toBe('q');
    expect(componentAtPath(start(), 'components.3.shortcut')).toBe('box');
    expect(componentAtPath(start(), 'version')).toBeUndefined();
  });
});
