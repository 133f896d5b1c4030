import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPack, openPackProject } from '../../../testing/pack-project.ts';
import { downloadPack, unzipEntries } from '../../../testing/packs.ts';
import { call, type TestApp } from '../../../testing/test-app.ts';

/**
 * The media formats through the pack engine: a project whose template shows an image with a rectangle tool
 * (labels cat / dog), six passed jobs with one box each (x = seq, y = 2·seq, 10 × 20), one unreadable result.
 */
let t: TestApp;
let manager: string;
let projectId: number;
let stepId: number;
beforeAll(async () => {
  ({ t, manager, projectId, stepId } = await openPackProject({ items: 8, unreadable: [4], open: [7] }));
});
afterAll(() => t.close());

const written = [1, 2, 3, 5, 6, 8];

async function pack(format: string): Promise<Map<string, string>> {
  const { row } = await buildPack({ t, manager, projectId, stepId }, format);
  expect(row).toMatchObject({ status: 'succeeded', success_count: 6, fail_count: 1 });
  const entries = await unzipEntries(await downloadPack(t, manager, row.id));
  return new Map([...entries].map(([name, bytes]) => [name, bytes.toString('utf8')]));
}

describe('media pack formats', () => {
  it('offers COCO, YOLO and VOC for an image template with rectangles, not the text, audio, video or 3D ones', async () => {
    const options = await call(t.app, '/pack/formats', { project_id: projectId }, { token: manager });
    const formats: string[] = options.body.data.steps[0]!.formats;
    expect(formats).toEqual(expect.arrayContaining(['coco', 'yolo', 'voc']));
    for (const f of ['conll', 'spans_jsonl', 'audio_manifest', 'mot', 'kitti']) expect(formats).not.toContain(f);
  });

  it('writes a COCO pack with one image and one box per passed job', async () => {
    const files = await pack('coco');
    const coco = JSON.parse(files.get('annotations/instances.json')!);
    expect(coco.categories.map((c: { id: number; name: string }) => [c.id, c.name])).toEqual([
      [1, 'cat'],
      [2, 'dog'],
    ]);
    expect(coco.images).toHaveLength(6);
    expect(coco.annotations).toHaveLength(6);
    expect(coco.annotations.map((a: { bbox: number[] }) => a.bbox)).toEqual(written.map((s) => [s, s * 2, 10, 20]));
    expect(coco.annotations.map((a: { category_id: number }) => a.category_id)).toEqual(
      written.map((s) => (s % 2 ? 1 : 2)),
    );
  });

  it('writes a VOC pack that an XML parser reads back', async () => {
    const files = await pack('voc');
    const xmls = [...files.keys()].filter((k) => k.startsWith('Annotations/'));
    expect(xmls).toHaveLength(6);
    const parser = new XMLParser({ isArray: (name) => name === 'object' });
    const boxes = xmls.map((k) => parser.parse(files.get(k)!).annotation.object[0].bndbox);
    expect(boxes.map((b) => b.xmin).sort((a, b) => a - b)).toEqual(written);
    expect(boxes.every((b) => b.xmax - b.xmin === 10 && b.ymax - b.ymin === 20)).toBe(true);
  });

  it('lists the records without a known image size in skipped.txt of a YOLO pack', async () => {
    const files = await pack('yolo');
    expect([...files.keys()].filter((k) => k.startsWith('labels/'))).toEqual([]);
    expect(files.get('skipped.txt')!.trim().split('\n')).toHaveLength(1 + 6);
    expect(files.get('data.yaml')).toContain('names:\n  0: "cat"\n  1: "dog"\n');
  });
});
