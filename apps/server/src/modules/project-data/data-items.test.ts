import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, projectRow, storedFiles, uploadData } from '../../testing/data-test-kit.ts';
import { pngImage, wavAudio } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The item calls: list with filters, detail, edit, delete with renumbering, clear. */
let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t, 'teamadmin');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

const manifest = (records: unknown[]) => [
  { name: 'm.jsonl', content: Buffer.from(records.map((r) => JSON.stringify(r)).join('\n')) },
];

describe('listing and reading items', () => {
  it('lists in upload order with kind, keyword and batch filters, file and thumbnail urls', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'files', [
      { name: 'cat_1.png', content: pngImage() },
      { name: 'dog.png', content: pngImage() },
      { name: 'bark.wav', content: wavAudio() },
    ]);
    const all = await call(t.app, '/data/list', { project_id: project.id, pageSize: 10 }, { token });
    expect(all.body.data.total).toBe(3);
    const first = all.body.data.list[0]!;
    const third = all.body.data.list[2];
    expect(first).toMatchObject({ seq: 1, name: 'cat_1.png', kind: 'image', batch_id: null, batch_name: null });
    expect(first.url).toBe(`/api/file/data-item/${first.id}`);
    expect(first.thumbnail_url).toBe(first.url);
    expect(third).toMatchObject({ kind: 'audio', thumbnail_url: null });
    const audio = await call(t.app, '/data/list', { project_id: project.id, kind: 'audio' }, { token });
    expect(audio.body.data.list.map((r) => r.name)).toEqual(['bark.wav']);
    const keyword = await call(t.app, '/data/list', { project_id: project.id, keyword: '_1' }, { token });
    expect(keyword.body.data.list.map((r) => r.name)).toEqual(['cat_1.png']);
    const paged = await call(t.app, '/data/list', { project_id: project.id, page: 2, pageSize: 10 }, { token });
    expect(paged.body.data).toMatchObject({ list: [], total: 3, page: 2 });

    const [batch] = await t.deps.db
      .insert(schema.batches)
      .values({ siteId, projectId: project.id, name: 'B1', seq: 1, itemCount: 1 })
      .returning();
    await t.deps.db.update(schema.dataItems).set({ batchId: batch!.id }).where(eq(schema.dataItems.id, first.id));
    const inBatch = await call(t.app, '/data/list', { project_id: project.id, batch_id: batch!.id }, { token });
    expect(inBatch.body.data.list).toEqual([expect.objectContaining({ id: first.id, batch_name: 'B1' })]);
    const otherProject = await draftProject(t, siteId);
    const wrongBatch = await call(t.app, '/data/list', { project_id: otherProject.id, batch_id: batch!.id }, { token });
    expect(wrongBatch.body.error).toBe('not_found');
  });

  it('shows a record with its fields and outside url', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'manifest', manifest([{ url: 'https://example.com/a.png', tag: 'x' }]));
    const [item] = await itemsOf(t, project.id);
    const detail = await call(t.app, '/data/detail', { id: item!.id }, { token });
    expect(detail.body.data).toMatchObject({
      project_id: project.id,
      kind: 'image',
      url: 'https://example.com/a.png',
      thumbnail_url: 'https://example.com/a.png',
      source_url: 'https://example.com/a.png',
      payload: { tag: 'x' },
      editable: true,
    });
  });
});

describe('editing items', () => {
  it("renames any item; edits a record's text and fields while the project is a draft", async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'manifest', manifest([{ text: 'old text', label: 'a' }]));
    const [item] = await itemsOf(t, project.id);
    const renamed = await call(t.app, '/data/edit', { id: item!.id, name: 'first' }, { token });
    expect(renamed.body.data).toMatchObject({ name: 'first', payload: { text: 'old text', label: 'a' } });
    const edited = await call(t.app, '/data/edit', { id: item!.id, text: 'new text' }, { token });
    expect(edited.body.data.payload).toEqual({ text: 'new text', label: 'a' });
    const replaced = await call(t.app, '/data/edit', { id: item!.id, payload: { text: 'x', label: 'b' } }, { token });
    expect(replaced.body.data.payload).toEqual({ text: 'x', label: 'b' });
    const row = await projectRow(t, project.id);
    expect(row.totalBytes).toBe((await itemsOf(t, project.id))[0]!.size);
    const audits = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'data_edit'), eq(schema.auditLogs.targetId, String(project.id))));
    expect(audits).toHaveLength(3);

    await t.deps.db.update(schema.projects).set({ status: 'doing' }).where(eq(schema.projects.id, project.id));
    const locked = await call(t.app, '/data/edit', { id: item!.id, text: 'later' }, { token });
    expect(locked.body.error).toBe('project_data_locked');
    const renamedLater = await call(t.app, '/data/edit', { id: item!.id, name: 'still renamable' }, { token });
    expect(renamedLater.body.data).toMatchObject({ name: 'still renamable', editable: false });
  });

  it('refuses text edits on stored files', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    const [item] = await itemsOf(t, project.id);
    const result = await call(t.app, '/data/edit', { id: item!.id, text: 'x' }, { token });
    expect(result.body.error).toBe('invalid_input');
  });
});

describe('removing items', () => {
  it('deletes items with their files, numbers the rest again and keeps the counters', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(
      t,
      token,
      project.id,
      'files',
      [1, 2, 3, 4].map((n) => ({ name: `${n}.png`, content: pngImage(n, n) })),
    );
    const items = await itemsOf(t, project.id);
    const result = await call(
      t.app,
      '/data/delete',
      { project_id: project.id, ids: [items[1]!.id, items[2]!.id] },
      { token },
    );
    const remaining = [items[0]!, items[3]!];
    expect(result.body.data).toEqual({
      deleted: 2,
      item_count: 2,
      total_bytes: remaining[0]!.size + remaining[1]!.size,
    });
    expect((await itemsOf(t, project.id)).map((i) => [i.seq, i.name])).toEqual([
      [1, '1.png'],
      [2, '4.png'],
    ]);
    expect(await storedFiles(t, project.id)).toHaveLength(2);
    await uploadData(t, token, project.id, 'files', [{ name: '5.png', content: pngImage() }]);
    expect((await itemsOf(t, project.id)).map((i) => i.seq)).toEqual([1, 2, 3]);
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'data_delete'), eq(schema.auditLogs.targetId, String(project.id))));
    expect(audit?.details).toMatchObject({ names: ['2.png', '3.png'], after: { item_count: 2 } });
  });

  it("answers not_found when an id is not the project's item, deleting nothing", async () => {
    const project = await draftProject(t, siteId);
    const other = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    await uploadData(t, token, other.id, 'files', [{ name: 'b.png', content: pngImage() }]);
    const [mine] = await itemsOf(t, project.id);
    const [theirs] = await itemsOf(t, other.id);
    const result = await call(
      t.app,
      '/data/delete',
      { project_id: project.id, ids: [mine!.id, theirs!.id] },
      { token },
    );
    expect(result.body.error).toBe('not_found');
    expect(await itemsOf(t, project.id)).toHaveLength(1);
  });

  it('frees the data source when the last item is deleted; clear is audited', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    const [item] = await itemsOf(t, project.id);
    await call(t.app, '/data/delete', { project_id: project.id, ids: [item!.id] }, { token });
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 0, totalBytes: 0, dataSource: null });
    await uploadData(t, token, project.id, 'manifest', manifest([{ text: 'a' }, { text: 'b' }]));
    const cleared = await call(t.app, '/data/clear', { project_id: project.id }, { token });
    expect(cleared.body.data).toEqual({ ok: true, deleted: 2 });
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 0, totalBytes: 0, dataSource: null });
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'data_clear'), eq(schema.auditLogs.targetId, String(project.id))));
    expect(audit).toMatchObject({
      targetType: 'project',
      details: { before: { item_count: 2, data_source: 'manifest' } },
    });
  });
});
