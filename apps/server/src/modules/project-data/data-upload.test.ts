import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, projectRow, storedFiles, uploadData } from '../../testing/data-test-kit.ts';
import { jpegImage, pcdCloud, pngImage, wavAudio } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { zipOf } from '../../testing/unzip.ts';
import { multipartBody, upload } from '../../testing/uploads.ts';

/** Upload rules of /data/upload: types by bytes, size, zip safety, manifests, one source, locked projects. */
let t: TestApp;
let token: string;
let siteId: number;
const LIMIT = 64 * 1024;

beforeAll(async () => {
  t = await createTestApp({ UPLOAD_MAX_BYTES: String(LIMIT), ZIP_MAX_UNPACKED_BYTES: String(1024 * 1024) });
  token = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

describe('data files', () => {
  it('stores images, audio, point clouds and text as items numbered in upload order', async () => {
    const project = await draftProject(t, siteId);
    const files = [
      { name: 'a.png', content: pngImage() },
      { name: 'b.jpg', content: jpegImage() },
      { name: 'c.wav', content: wavAudio() },
      { name: 'd.pcd', content: pcdCloud() },
      { name: 'e.bin', content: Buffer.alloc(64) },
      { name: 'f.txt', content: Buffer.from('一段要标注的文字') },
    ];
    const result = await uploadData(t, token, project.id, 'files', files);
    expect(result.status).toBe(200);
    const total = files.reduce((sum, f) => sum + f.content.length, 0);
    expect(result.body.data).toMatchObject({
      added: 6,
      failed: [],
      item_count: 6,
      total_bytes: total,
      data_source: 'files',
    });
    const items = await itemsOf(t, project.id);
    expect(items.map((i) => [i.seq, i.name, i.kind])).toEqual([
      [1, 'a.png', 'image'],
      [2, 'b.jpg', 'image'],
      [3, 'c.wav', 'audio'],
      [4, 'd.pcd', 'point_cloud'],
      [5, 'e.bin', 'point_cloud'],
      [6, 'f.txt', 'text'],
    ]);
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 6, totalBytes: total, dataSource: 'files' });
    const [audit] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'data_upload'), eq(schema.auditLogs.targetId, String(project.id))));
    expect(audit).toMatchObject({ targetType: 'project', siteId });
    expect(audit?.details).toMatchObject({ added: 6, after: { item_count: 6 } });
  });

  it.each([
    ['an unsupported type', [{ name: 'tool.exe', content: Buffer.from('MZ...') }], 'type'],
    ['bytes that do not match the name', [{ name: 'photo.png', content: jpegImage() }], 'mismatch'],
    ['text bytes named as audio', [{ name: 'song.wav', content: Buffer.from('not really audio at all') }], 'mismatch'],
    ['a binary file named .txt', [{ name: 'notes.txt', content: Buffer.from([0, 1, 2, 0, 3]) }], 'mismatch'],
    ['a PCD without its header', [{ name: 'cloud.pcd', content: Buffer.from('1 2 3\n4 5 6\n') }], 'mismatch'],
    ['an empty file', [{ name: 'empty.png', content: Buffer.alloc(0) }], 'empty'],
  ])('refuses %s with upload_type_wrong and stores nothing', async (_label, bad, reason) => {
    const project = await draftProject(t, siteId);
    const result = await uploadData(t, token, project.id, 'files', [{ name: 'good.png', content: pngImage() }, ...bad]);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: 'upload_type_wrong', details: { name: bad[0]!.name, reason } });
    expect(await itemsOf(t, project.id)).toEqual([]);
    expect(await storedFiles(t, project.id)).toEqual([]);
    expect(await projectRow(t, project.id)).toMatchObject({ itemCount: 0, dataSource: null });
  });

  it('refuses a file over the size limit with upload_too_large and stores nothing', async () => {
    const project = await draftProject(t, siteId);
    const result = await uploadData(t, token, project.id, 'files', [
      { name: 'small.png', content: pngImage() },
      { name: 'long.wav', content: wavAudio(5) },
    ]);
    expect(result.status).toBe(413);
    expect(result.body).toMatchObject({ error: 'upload_too_large', details: { name: 'long.wav', max_bytes: LIMIT } });
    expect(await itemsOf(t, project.id)).toEqual([]);
    expect(await storedFiles(t, project.id)).toEqual([]);
  });

  it('wants multipart, the header token or the cookie with X-Requested-With, and known form fields', async () => {
    const project = await draftProject(t, siteId);
    const json = await call(t.app, '/data/upload', { project_id: project.id, source: 'files' }, { token });
    expect(json).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const badSource = await uploadData(t, token, project.id, 'folder', [{ name: 'a.png', content: pngImage() }]);
    expect(badSource).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    const none = await uploadData(t, token, project.id, 'files', []);
    expect(none).toMatchObject({ status: 400, body: { error: 'invalid_input' } });
    // A cross-site form can send the visitor's cookie but not X-Requested-With: refused, nothing stored.
    const form = multipartBody({ project_id: project.id, source: 'files' }, [{ name: 'c.png', content: pngImage() }]);
    const byCookie = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/data/upload',
        headers: { 'content-type': form.contentType, cookie: `access_token=${token}`, ...headers },
        payload: form.payload,
      });
    const cookieOnly = await byCookie({});
    expect(cookieOnly.statusCode).toBe(403);
    expect(cookieOnly.json()).toMatchObject({ error: 'cross_site_request' });
    expect(await itemsOf(t, project.id)).toEqual([]);
    const asTheWeb = await byCookie({ 'x-requested-with': 'XMLHttpRequest' });
    expect(asTheWeb.json()).toMatchObject({ data: { added: 1 } });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/data/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'access-token': token },
      payload: `--x\r\ncontent-disposition: form-data; name="project_id"\r\n\r\n${project.id}\r\n--x\r\ncontent-disposition: form-data; name="files"; filename="a.png"\r\n\r\nabc`,
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });
});

describe('zip archives', () => {
  it('unpacks supported files, skips folders and OS clutter, reports the rest', async () => {
    const project = await draftProject(t, siteId);
    const archive = await zipOf(
      [
        { name: 'cats/1.png', content: pngImage(8, 8, 1) },
        { name: 'cats/2.jpg', content: jpegImage() },
        { name: '__MACOSX/cats/._1.png', content: Buffer.from('junk') },
        { name: '.DS_Store', content: Buffer.from('junk') },
        { name: 'readme.docx', content: Buffer.from('PK\x03\x04 docx') },
        { name: 'fake.png', content: Buffer.from('plain text') },
      ],
      ['cats/'],
    );
    const result = await uploadData(t, token, project.id, 'zip', [{ name: 'set.zip', content: archive }]);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      added: 2,
      failed: [
        { name: 'readme.docx', reason: 'type' },
        { name: 'fake.png', reason: 'mismatch' },
      ],
      failed_count: 2,
      item_count: 2,
      data_source: 'zip',
    });
    expect((await itemsOf(t, project.id)).map((i) => [i.seq, i.name, i.kind])).toEqual([
      [1, 'cats/1.png', 'image'],
      [2, 'cats/2.jpg', 'image'],
    ]);
    expect(await storedFiles(t, project.id)).toHaveLength(2);
  });

  it('refuses an entry whose path leaves the archive, storing nothing', async () => {
    const project = await draftProject(t, siteId);
    const good = await zipOf([
      { name: 'ok.png', content: pngImage() },
      { name: 'xx/evil.png', content: pngImage() },
    ]);
    // yazl will not write `..`; the same-length name is patched in the local and central headers.
    const archive = Buffer.from(good.toString('latin1').replaceAll('xx/evil.png', '../evil.png'), 'latin1');
    const result = await uploadData(t, token, project.id, 'zip', [{ name: 'evil.zip', content: archive }]);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: 'zip_unsafe', details: { entry: '../evil.png' } });
    expect(await itemsOf(t, project.id)).toEqual([]);
    expect(await storedFiles(t, project.id)).toEqual([]);
  });

  it('refuses absolute paths and symbolic links', async () => {
    const project = await draftProject(t, siteId);
    const absolute = Buffer.from(
      (await zipOf([{ name: 'xetc/passwd.txt', content: Buffer.from('x') }]))
        .toString('latin1')
        .replaceAll('xetc/passwd.txt', '/etc/passwd.txt'),
      'latin1',
    );
    const link = await zipOf([{ name: 'link.png', content: Buffer.from('/etc/passwd'), mode: 0o120777 }]);
    for (const archive of [absolute, link]) {
      const result = await uploadData(t, token, project.id, 'zip', [{ name: 'bad.zip', content: archive }]);
      expect(result.body.error).toBe('zip_unsafe');
    }
    expect(await storedFiles(t, project.id)).toEqual([]);
  });

  it('refuses an archive that unpacks past the total bound (ZIP_MAX_UNPACKED_BYTES here 1 MB)', async () => {
    const project = await draftProject(t, siteId);
    const spaces = Buffer.alloc(600 * 1024, 0x20);
    const archive = await zipOf([
      { name: 'a.txt', content: spaces },
      { name: 'b.txt', content: spaces },
    ]);
    expect(archive.length).toBeLessThan(LIMIT);
    const result = await uploadData(t, token, project.id, 'zip', [{ name: 'bomb.zip', content: archive }]);
    expect(result).toMatchObject({ status: 400, body: { error: 'zip_too_large', details: { reason: 'total' } } });
    expect(await storedFiles(t, project.id)).toEqual([]);
  });

  it('takes one archive per upload, whose bytes must be a zip', async () => {
    const project = await draftProject(t, siteId);
    const archive = await zipOf([{ name: '1.png', content: pngImage() }]);
    const two = await uploadData(t, token, project.id, 'zip', [
      { name: 'a.zip', content: archive },
      { name: 'b.zip', content: archive },
    ]);
    expect(two).toMatchObject({ status: 400, body: { error: 'file_count_wrong' } });
    const notZip = await uploadData(t, token, project.id, 'zip', [{ name: 'a.zip', content: pngImage() }]);
    expect(notZip.body).toMatchObject({ error: 'upload_type_wrong', details: { reason: 'mismatch' } });
    expect(await storedFiles(t, project.id)).toEqual([]);
  });
});

describe('manifests', () => {
  it('imports JSONL records and reports bad lines with their numbers', async () => {
    const project = await draftProject(t, siteId);
    const lines = [
      JSON.stringify({ url: 'https://cdn.example.com/a/cat%201.jpg', label: 'cat' }),
      '{"text": "hello world", "name": "greeting"}',
      '',
      '{not json',
      JSON.stringify({ label: 'nothing to annotate' }),
      JSON.stringify({ url: 'ftp://example.com/x.png' }),
      '[1, 2]',
      JSON.stringify({ url: 'https://example.com/clip.mp4', text: 'with both' }),
      JSON.stringify({ text: 'nul \u0000 inside' }),
    ];
    const result = await uploadData(t, token, project.id, 'manifest', [
      { name: 'data.jsonl', content: Buffer.from(lines.join('\n')) },
    ]);
    expect(result.status).toBe(200);
    expect(result.body.data).toMatchObject({
      added: 3,
      failed: [
        { line: 4, reason: 'json' },
        { line: 5, reason: 'no_url_or_text' },
        { line: 6, reason: 'url_invalid' },
        { line: 7, reason: 'json' },
        { line: 9, reason: 'json' },
      ],
      failed_count: 5,
      item_count: 3,
      data_source: 'manifest',
    });
    const items = await itemsOf(t, project.id);
    expect(items.map((i) => [i.seq, i.name, i.kind, i.url, i.payload])).toEqual([
      [1, 'cat 1.jpg', 'image', 'https://cdn.example.com/a/cat%201.jpg', { label: 'cat' }],
      [2, 'greeting', 'record', null, { text: 'hello world', name: 'greeting' }],
      [3, 'clip.mp4', 'video', 'https://example.com/clip.mp4', { text: 'with both' }],
    ]);
    const row = await projectRow(t, project.id);
    expect(row.totalBytes).toBe(items.reduce((sum, i) => sum + i.size, 0));
  });

  it('imports CSV with a header row; a row with the wrong field count is reported', async () => {
    const project = await draftProject(t, siteId);
    const csv = '\uFEFFurl,text,label\r\nhttps://example.com/1.png,,dog\r\n,"some, text",x\r\nonly-one-field\r\n';
    const result = await uploadData(t, token, project.id, 'manifest', [
      { name: 'data.csv', content: Buffer.from(csv) },
    ]);
    expect(result.body.data).toMatchObject({ added: 2, failed: [{ line: 4, reason: 'csv' }] });
    expect((await itemsOf(t, project.id)).map((i) => i.payload)).toEqual([
      { label: 'dog' },
      { text: 'some, text', label: 'x' },
    ]);
  });
});

describe('one source per project, data locked after the draft', () => {
  it('refuses another source until the data is cleared', async () => {
    const project = await draftProject(t, siteId);
    await uploadData(t, token, project.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    const manifest = [{ name: 'm.jsonl', content: Buffer.from('{"text":"x"}\n') }];
    const refused = await uploadData(t, token, project.id, 'manifest', manifest);
    expect(refused).toMatchObject({
      status: 409,
      body: { error: 'data_source_conflict', details: { data_source: 'files' } },
    });
    expect(await storedFiles(t, project.id)).toHaveLength(1);
    const more = await uploadData(t, token, project.id, 'files', [{ name: 'b.png', content: pngImage() }]);
    expect(more.body.data).toMatchObject({ added: 1, item_count: 2 });
    expect((await call(t.app, '/data/clear', { project_id: project.id }, { token })).body.data).toEqual({
      ok: true,
      deleted: 2,
    });
    expect(await storedFiles(t, project.id)).toEqual([]);
    const accepted = await uploadData(t, token, project.id, 'manifest', manifest);
    expect(accepted.body.data).toMatchObject({ added: 1, item_count: 1, data_source: 'manifest' });
  });

  it.each([
    ['not a draft', { status: 'doing' as const }],
    ['batches confirmed', { batchesConfirmedAt: new Date() }],
  ])('refuses adding and removing data when %s', async (_label, values) => {
    const project = await draftProject(t, siteId, values);
    const added = await uploadData(t, token, project.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    expect(added).toMatchObject({ status: 409, body: { error: 'project_data_locked' } });
    expect(await storedFiles(t, project.id)).toEqual([]);
    const cleared = await call(t.app, '/data/clear', { project_id: project.id }, { token });
    expect(cleared.body.error).toBe('project_data_locked');
    const summary = await call(t.app, '/data/summary', { project_id: project.id }, { token });
    expect(summary.body.data).toMatchObject({ locked: true, item_count: 0 });
  });

  it("answers not_found for another organisation's project", async () => {
    const other = await draftProject(t, await siteIdByName(t, '星河数据'));
    const result = await uploadData(t, token, other.id, 'files', [{ name: 'a.png', content: pngImage() }]);
    expect(result).toMatchObject({ status: 404, body: { error: 'not_found' } });
    expect(await storedFiles(t, other.id)).toEqual([]);
  });

  it('numbers concurrent uploads consecutively', async () => {
    const project = await draftProject(t, siteId);
    const results = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        upload(
          t.app,
          '/data/upload',
          { project_id: project.id, source: 'files' },
          [
            { name: `${n}a.png`, content: pngImage() },
            { name: `${n}b.png`, content: pngImage() },
          ],
          { token },
        ),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await itemsOf(t, project.id)).map((i) => i.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect((await projectRow(t, project.id)).itemCount).toBe(8);
  });
});
