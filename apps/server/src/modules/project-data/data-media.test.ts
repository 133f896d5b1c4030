import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { draftProject, itemsOf, storedFiles, uploadData } from '../../testing/data-test-kit.ts';
import { pngImage, wavAudio } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

/** Uploads must fit the media of the project's template (its category's before a template is chosen). */
let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t, 'producer');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

/** A few bytes an mp4 starts with (`ftyp` at 4): enough for the signature check. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);

async function zipOf(entries: { name: string; content: Buffer }[]) {
  const zip = new yazl.ZipFile();
  for (const entry of entries) zip.addBuffer(entry.content, entry.name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** A template of the project's category showing the given media placeholders, set as the project's template. */
async function useTemplate(project: { id: number; categoryId: number }, media: string[]) {
  const [template] = await t.deps.db
    .insert(schema.annotationTemplates)
    .values({
      siteId,
      categoryId: project.categoryId,
      name: 'media',
      content: { version: 1, components: media.map((type) => ({ id: type, type })) },
    })
    .returning({ id: schema.annotationTemplates.id });
  await call(t.app, '/project/set-template', { project_id: project.id, template_id: template!.id }, { token });
}

const media = async (projectId: number) =>
  (await call(t.app, '/data/summary', { project_id: projectId }, { token })).body.data.media;

describe('uploads fit the template media', () => {
  it('an image project refuses audio and video files, all or nothing, naming the file and the media', async () => {
    const project = await draftProject(t, siteId, {}, 'image');
    expect(await media(project.id)).toEqual(['image']);
    const files = [
      { name: 'cat.png', content: pngImage() },
      { name: 'bark.wav', content: wavAudio() },
    ];
    const en = await uploadData(t, token, project.id, 'files', files);
    expect(en.status).toBe(400);
    expect(en.body).toMatchObject({
      error: 'upload_media_wrong',
      details: { name: 'bark.wav', reason: 'media', kind: 'audio', media: ['image'] },
    });
    expect(en.body.message).toBe('bark.wav (Audio) does not fit this project: its template takes Image');
    const zh = await upload(
      t.app,
      '/data/upload',
      { project_id: project.id, source: 'files' },
      [{ name: 'clip.mp4', content: mp4 }],
      { token, lang: 'zh-CN' },
    );
    expect(zh.body.message).toBe('clip.mp4（视频）不符合本项目：模板只接受图片');
    expect(await itemsOf(t, project.id)).toEqual([]);
    expect(await storedFiles(t, project.id)).toEqual([]);
    const images = await uploadData(t, token, project.id, 'files', [files[0]!]);
    expect(images.body.data).toMatchObject({ added: 1, item_count: 1 });
  });

  it('archive entries and manifest records that do not fit are reported as media and skipped', async () => {
    const zipped = await draftProject(t, siteId, {}, 'image');
    const archive = await zipOf([
      { name: 'a.png', content: pngImage() },
      { name: 'b.wav', content: wavAudio() },
      { name: 'c.mp4', content: mp4 },
    ]);
    const fromZip = await uploadData(t, token, zipped.id, 'zip', [{ name: 'set.zip', content: archive }]);
    expect(fromZip.body.data).toMatchObject({ added: 1, failed_count: 2 });
    expect(fromZip.body.data.failed).toEqual([
      { name: 'b.wav', reason: 'media' },
      { name: 'c.mp4', reason: 'media' },
    ]);
    const listed = await draftProject(t, siteId, {}, 'image');
    const manifest = [
      { url: 'https://example.com/a.jpg' },
      { url: 'https://example.com/b.mp3' },
      { text: 'only words' },
      { url: 'https://example.com/image?id=7' },
    ]
      .map((record) => JSON.stringify(record))
      .join('\n');
    const fromManifest = await uploadData(t, token, listed.id, 'manifest', [
      { name: 'm.jsonl', content: Buffer.from(manifest) },
    ]);
    expect(fromManifest.body.data).toMatchObject({ added: 2, failed_count: 2 });
    expect(fromManifest.body.data.failed).toEqual([
      { line: 2, reason: 'media' },
      { line: 3, reason: 'media' },
    ]);
    expect((await itemsOf(t, listed.id)).map((item) => item.kind)).toEqual(['image', 'record']);
  });

  it("a form category takes any media until its template shows some; then the template's media", async () => {
    const project = await draftProject(t, siteId, {}, 'form');
    expect(await media(project.id)).toBeNull();
    await useTemplate({ id: project.id, categoryId: project.categoryId }, ['audio']);
    expect(await media(project.id)).toEqual(['audio']);
    const refused = await uploadData(t, token, project.id, 'files', [{ name: 'cat.png', content: pngImage() }]);
    expect(refused.body).toMatchObject({ error: 'upload_media_wrong', details: { media: ['audio'] } });
    const taken = await uploadData(t, token, project.id, 'files', [{ name: 'bark.wav', content: wavAudio() }]);
    expect(taken.body.data).toMatchObject({ added: 1 });
    const text = await draftProject(t, siteId, {}, 'text');
    const records = await uploadData(t, token, text.id, 'manifest', [
      { name: 'm.jsonl', content: Buffer.from(JSON.stringify({ text: 'a sentence' })) },
    ]);
    expect(records.body.data).toMatchObject({ added: 1, failed_count: 0 });
  });
});
