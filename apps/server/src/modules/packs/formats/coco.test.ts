import { describe, expect, it } from 'vitest';
import { packContext, packItem, polygonShape, runWriter, sameWhenSliced } from '../../../testing/pack-writer.ts';
import { cocoFormat } from './coco.ts';

const ctx = packContext(['cat', 'dog', 'person'], {
  keypoints: {
    names: ['nose', 'left_eye', 'right_eye'],
    skeleton: [
      [0, 1],
      [0, 2],
    ],
  },
});

const items = [
  packItem(
    'image',
    'a.jpg',
    [
      { id: 's1', tool: 'box', type: 'rect', label: 'cat', x: 10, y: 20, w: 30, h: 40 },
      polygonShape('s2', 'dog', [0, 0], [100, 0], [100, 50]),
    ],
    { width: 640, height: 480 },
  ),
  packItem('image', 'b.jpg', [], { width: 320, height: 240 }),
  packItem(
    'image',
    'c.png',
    [
      {
        id: 'k1',
        tool: 'kp',
        type: 'keypoints',
        label: 'person',
        points: [
          { x: 50, y: 60, v: 2 },
          { x: 70, y: 65, v: 1 },
          { x: 0, y: 0, v: 0 },
        ],
      },
      { id: 's3', tool: 'box', type: 'rect', label: 'unknown', x: 1, y: 1, w: 1, h: 1 },
      { id: 's4', tool: 'box', type: 'rect', label: 'dog', x: 5.25, y: 6.5, w: 7, h: 8 },
    ],
    { width: 800, height: 600 },
  ),
  packItem('image', 'd.png', [{ id: 's5', tool: 'box', type: 'rect', label: 'cat', x: 0, y: 0, w: 2, h: 2 }]),
];

describe('COCO', () => {
  it('writes images, annotations and categories that read back with the right counts and coordinates', () => {
    const files = runWriter(cocoFormat, ctx, items);
    const coco = JSON.parse(files.get('annotations/instances.json')!);
    expect(coco.images).toEqual([
      { id: 1, file_name: 'a.jpg', width: 640, height: 480 },
      { id: 2, file_name: 'b.jpg', width: 320, height: 240 },
      { id: 3, file_name: 'c.png', width: 800, height: 600 },
      { id: 4, file_name: 'd.png', width: 0, height: 0 },
    ]);
    expect(coco.categories).toEqual([
      { id: 1, name: 'cat', supercategory: '' },
      { id: 2, name: 'dog', supercategory: '' },
      {
        id: 3,
        name: 'person',
        supercategory: '',
        keypoints: ['nose', 'left_eye', 'right_eye'],
        skeleton: [
          [1, 2],
          [1, 3],
        ],
      },
    ]);
    // The rect with an unknown label is left out: 5 annotations, ids 1..5.
    expect(coco.annotations.map((a: { id: number }) => a.id)).toEqual([1, 2, 3, 4, 5]);
    const [box, polygon, person, dog, last] = coco.annotations;
    expect(box).toEqual({
      id: 1,
      image_id: 1,
      category_id: 1,
      segmentation: [],
      area: 1200,
      bbox: [10, 20, 30, 40],
      iscrowd: 0,
    });
    expect(polygon).toMatchObject({ image_id: 1, category_id: 2, bbox: [0, 0, 100, 50], area: 2500 });
    expect(polygon.segmentation).toEqual([[0, 0, 100, 0, 100, 50]]);
    expect(person).toMatchObject({
      image_id: 3,
      category_id: 3,
      keypoints: [50, 60, 2, 70, 65, 1, 0, 0, 0],
      num_keypoints: 2,
      bbox: [50, 60, 20, 5],
      area: 100,
    });
    expect(dog).toMatchObject({ image_id: 3, category_id: 2, bbox: [5.25, 6.5, 7, 8] });
    expect(last).toMatchObject({ image_id: 4, category_id: 1 });
  });

  it('gives the same bytes written in one slice or in several with the state saved between them', () => {
    const { whole, sliced } = sameWhenSliced(cocoFormat, ctx, items);
    expect([...sliced.entries()]).toEqual([...whole.entries()]);
  });

  it('is valid JSON for an empty project and is offered only for images with boxes, polygons or key points', () => {
    const coco = JSON.parse(runWriter(cocoFormat, ctx, []).get('annotations/instances.json')!);
    expect([coco.images, coco.annotations]).toEqual([[], []]);
    expect(cocoFormat.fits({ mediaKinds: ['image'], shapeTypes: ['keypoints'], hasFields: false })).toBe(true);
    expect(cocoFormat.fits({ mediaKinds: ['image'], shapeTypes: ['point'], hasFields: false })).toBe(false);
    expect(cocoFormat.fits({ mediaKinds: ['video'], shapeTypes: ['rect'], hasFields: false })).toBe(false);
  });
});
