import { describe, expect, it } from 'vitest';
import { type LabelledShape, labelForNext, relabel } from './label-pick.ts';

const LABELS = [{ name: '汽车' }, { name: '交通灯' }];
type Box = LabelledShape & { type: 'rect'; tool: string };
const isBox = (s: unknown): s is Box => (s as { type?: string }).type === 'rect';
const box = (id: string, label: string, extra: Partial<Box> = {}): Box => ({
  id,
  type: 'rect',
  tool: 'box',
  label,
  ...extra,
});

describe('the label picker', () => {
  it('gives the next shape the label picked, or the first when the tool does not offer it', () => {
    expect(labelForNext(LABELS, '交通灯')).toBe('交通灯');
    expect(labelForNext(LABELS, null)).toBe('汽车');
    expect(labelForNext(LABELS, '行人')).toBe('汽车');
    expect(labelForNext([], '汽车')).toBeNull();
  });

  it('draws box 1 with A, picks B, draws box 2: box 1 keeps A (a pick is not a relabel)', () => {
    let picked = '汽车';
    const shapes: Box[] = [box('s1', labelForNext(LABELS, picked)!)];
    picked = '交通灯';
    shapes.push(box('s2', labelForNext(LABELS, picked)!));
    expect(shapes.map((s) => s.label)).toEqual(['汽车', '交通灯']);
  });
});

describe('an explicit relabel', () => {
  const shapes: unknown[] = [box('s1', '汽车'), { id: 't1', type: 'text_entity', label: '汽车' }, box('s2', '汽车')];

  it('changes only the shape named, keeping the rest as they are', () => {
    const next = relabel(shapes, 's2', '交通灯', isBox, LABELS);
    expect(next).toEqual([shapes[0], shapes[1], { ...(shapes[2] as Box), label: '交通灯' }]);
    expect(next?.[0]).toBe(shapes[0]);
  });

  it('changes nothing for a locked shape, the same label, a label not offered, or another tool kind', () => {
    expect(relabel([box('s1', '汽车', { locked: true })], 's1', '交通灯', isBox, LABELS)).toBeNull();
    expect(relabel(shapes, 's1', '汽车', isBox, LABELS)).toBeNull();
    expect(relabel(shapes, 's1', '行人', isBox, LABELS)).toBeNull();
    expect(relabel(shapes, 't1', '交通灯', isBox, LABELS)).toBeNull();
    expect(relabel(shapes, 'missing', '交通灯', isBox, LABELS)).toBeNull();
  });
});
