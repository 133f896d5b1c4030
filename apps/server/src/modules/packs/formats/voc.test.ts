import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { packContext, packItem, polygonShape, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { vocFormat } from './voc.ts';

const items = [
  packItem(
    'image',
    'street <1>.jpg',
    [
      { id: 's1', tool: 'box', type: 'rect', label: 'car & truck', x: 10.4, y: 20.6, w: 30, h: 40 },
      {
        id: 's2',
        tool: 'box',
        type: 'rect',
        label: '行人',
        x: 100,
        y: 50,
        w: 20,
        h: 60,
        attributes: { occluded: true },
      },
      polygonShape('p', '行人', [0, 0], [1, 1], [2, 0]),
    ],
    { width: 640, height: 480 },
  ),
  packItem('image', 'empty.png', [], { width: 10, height: 20 }),
  packItem('video', 'clip.mp4', []),
];

const parser = new XMLParser({ isArray: (name) => name === 'object' });

describe('Pascal VOC', () => {
  it('writes one XML per image that an XML parser reads back with the boxes', () => {
    const files = runWriter(vocFormat, packContext(['car & truck', '行人']), items);
    const doc = parser.parse(files.get('Annotations/street <1>.xml')!).annotation;
    expect(doc.filename).toBe('street <1>.jpg');
    expect(doc.size).toEqual({ width: 640, height: 480, depth: 3 });
    expect(doc.object).toHaveLength(2);
    expect(doc.object[0]).toMatchObject({
      name: 'car & truck',
      occluded: 0,
      bndbox: { xmin: 10, ymin: 21, xmax: 40, ymax: 61 },
    });
    expect(doc.object[1]).toMatchObject({
      name: '行人',
      occluded: 1,
      bndbox: { xmin: 100, ymin: 50, xmax: 120, ymax: 110 },
    });
    const empty = parser.parse(files.get('Annotations/empty.xml')!).annotation;
    expect(empty.object).toBeUndefined();
    expect(empty.size).toMatchObject({ width: 10, height: 20 });
    expect(files.get('labels.txt')).toBe('car & truck\n行人\n');
    expect(files.get('skipped.txt')).toContain('clip.mp4\tnot an image');
  });

  it('gives the same files written in one slice or in several', () => {
    const { whole, sliced } = sameWhenSliced(vocFormat, packContext(['car & truck', '行人']), items);
    expect([...sliced.entries()].sort()).toEqual([...whole.entries()].sort());
  });
});
