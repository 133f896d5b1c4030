import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../../testing/media-samples.ts';
import { buildPack, openPackProject } from '../../testing/pack-project.ts';
import { createPackFixture, downloadPack, packResult, unzipEntries } from '../../testing/packs.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, type TestApp } from '../../testing/test-app.ts';

/** JSON, JSONL and CSV packs of a known project, read back by JSON.parse and papaparse. */
let t: TestApp;
let manager: string;
let projectId: number;
let stepId: number;
beforeAll(async () => {
  ({ t, manager, projectId, stepId } = await openPackProject({ items: 8, unreadable: [4], open: [7] }));
});
afterAll(() => t.close());

async function pack(format: string): Promise<Map<string, Buffer>> {
  const { queued, row } = await buildPack({ t, manager, projectId, stepId }, format);
  expect(queued.status).toBe('queued');
  expect(row).toMatchObject({ status: 'succeeded', total: 7, done: 7, success_count: 6, fail_count: 1 });
  expect(row.file_bytes).toBeGreaterThan(0);
  return unzipEntries(await downloadPack(t, manager, row.id));
}

const written = [1, 2, 3, 5, 6, 8];

describe('pack formats', () => {
  it('offers JSON, JSONL and CSV for the step and lists its batches', async () => {
    const options = await call(t.app, '/pack/formats', { project_id: projectId }, { token: manager });
    expect(options.body.data.steps).toHaveLength(1);
    expect(options.body.data.steps[0]).toMatchObject({ id: stepId, passed: 7 });
    expect(options.body.data.steps[0]!.formats.slice(0, 3)).toEqual(['json', 'jsonl', 'csv']);
    expect(options.body.data.batches).toHaveLength(1);
  });

  it('writes JSON: the project, its labels and one entry per passed job with its result', async () => {
    const entries = await pack('json');
    expect([...entries.keys()]).toEqual(['annotations.json']);
    const doc = JSON.parse(entries.get('annotations.json')!.toString('utf8'));
    expect(doc.labels).toEqual(['cat', 'dog']);
    expect(doc.count).toBe(6);
    expect(doc.items.map((i: { item: { seq: number } }) => i.item.seq)).toEqual(written);
    expect(doc.items[0]).toMatchObject({ item: { name: 'row, "one"', kind: 'record' }, operator: 'annotator' });
    expect(doc.items[2].result).toEqual(packResult(3));
  });

  it('writes JSONL: one line per passed job in job order', async () => {
    const entries = await pack('jsonl');
    const lines = entries.get('annotations.jsonl')!.toString('utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(6);
    const records = lines.map((l) => JSON.parse(l));
    expect(records.map((r) => r.item.seq)).toEqual(written);
    expect(records[5].result.shapes[0]).toMatchObject({ label: 'dog', x: 8, y: 16, w: 10, h: 20 });
  });

  it('writes CSV that papaparse reads back with quoted names and JSON cells', async () => {
    const entries = await pack('csv');
    const text = entries.get('annotations.csv')!.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<Record<string, string>>(text.slice(1), { header: true, skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    // The columns of docs/packs.md, written out on purpose: not csv.ts's CSV_COLUMNS, the code under test.
    expect(parsed.meta.fields).toEqual([
      'job_id',
      'item_id',
      'item_seq',
      'item_name',
      'item_kind',
      'operator',
      'shape_count',
      'labels',
      'shapes',
      'fields',
      'relations',
    ]);
    expect(parsed.data.map((r) => Number(r.item_seq))).toEqual(written);
    expect(parsed.data[0]!.item_name).toBe('row, "one"');
    expect(parsed.data[0]!.labels).toBe('cat');
    expect(JSON.parse(parsed.data[1]!.shapes!)).toEqual(packResult(2).shapes);
    expect(JSON.parse(parsed.data[2]!.fields!)).toEqual({ quality: 'bad' });
  });

  it('includes the media files when asked, with the image sizes read from their headers', async () => {
    const fixture = await createPackFixture(t, await siteIdByName(t, '示范学院'), { items: 3 });
    const png = pngImage(37, 21);
    for (const seq of [1, 2]) {
      const key = `projects/${fixture.projectId}/data/img${seq}.png`;
      await t.deps.storage.saveFile(key, png);
      await t.deps.db.execute(
        sql`update data_items set kind = 'image', name = ${`img${seq}.png`}, file_path = ${key}
          where project_id = ${fixture.projectId} and seq = ${seq}`,
      );
    }
    const media = { t, manager, projectId: fixture.projectId, stepId: fixture.executeStepId };
    const { row } = await buildPack(media, 'jsonl', { include_media: true });
    expect(row).toMatchObject({ status: 'succeeded', include_media: true, success_count: 3 });
    const entries = await unzipEntries(await downloadPack(t, manager, row.id));
    expect([...entries.keys()]).toEqual(['annotations.jsonl', 'media/img1.png', 'media/img2.png']);
    expect(entries.get('media/img2.png')!.equals(png)).toBe(true);
    const first = JSON.parse(entries.get('annotations.jsonl')!.toString('utf8').split('\n')[0]!);
    expect(first.item).toMatchObject({ name: 'img1.png', kind: 'image', width: 37, height: 21 });
  });

  it('refuses a format the template does not fit and a step of another project', async () => {
    const other = await createPackFixture(t, await siteIdByName(t, '示范学院'), { items: 1 });
    const wrongStep = await call(
      t.app,
      '/pack/build',
      { project_id: projectId, step_id: other.executeStepId, format: 'json' },
      { token: manager },
    );
    expect(wrongStep.body.error).toBe('pack_step_wrong');
    const conll = await call(
      t.app,
      '/pack/build',
      { project_id: projectId, step_id: stepId, format: 'conll' },
      { token: manager },
    );
    expect(conll.status).toBe(400);
    expect(conll.body.error).toMatch(/pack_format_unfit/);
  });
});
