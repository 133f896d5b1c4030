import { readFileSync } from 'node:fs';
import { schema } from '@app/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegImage, pngImage } from '../../testing/media-samples.ts';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

/** Question images: uploaded by authors, read only by signed-in members of the owning organisation. */
let t: TestApp;
let teacher: string;
let categoryId: number;
const png = pngImage(24, 24, 9);

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

async function uploadImage(name: string, content: Buffer) {
  return upload(t.app, '/dataset-data/image-upload', {}, [{ name, content }], { token: teacher });
}

async function questionWith(stem: string) {
  const result = await call(
    t.app,
    '/dataset-data/create',
    {
      category_id: categoryId,
      type: 'judge',
      stem,
      options: [
        { content: `<p>对</p>${stem}`, correct: true },
        { content: '<p>错</p>', correct: false },
      ],
      analysis: stem,
    },
    { token: teacher },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.question;
}

beforeAll(async () => {
  t = await createTestApp();
  teacher = await sessionFor(t, 'teacher');
  const contentmgr = await sessionFor(t, 'contentmgr');
  const name = `图片-${Math.random().toString(36).slice(2, 8)}`;
  categoryId = (await call(t.app, '/dataset-category/create', { name }, { token: contentmgr })).body.data.id;
});
afterAll(() => t.close());

describe('question images', () => {
  it('are served to members of the owning organisation, learners included, by header or cookie', async () => {
    const result = await uploadImage('a.png', png);
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    const url = result.body.data.url;
    expect(url).toMatch(/^\/api\/file\/question-images\/\d+\/[0-9a-f-]{36}\.png$/);
    const question = await questionWith(`<p>Look:</p><img src="${url}" alt="pic">`);
    expect(question.stem).toContain(`<img src="${url}" alt="pic" />`);

    const byAuthor = await get(url, { 'access-token': teacher });
    expect(byAuthor.statusCode).toBe(200);
    expect(byAuthor.headers['content-type']).toBe('image/png');
    expect(byAuthor.headers['cache-control']).toContain('private');
    expect(byAuthor.rawPayload.equals(png)).toBe(true);
    const byLearner = await get(url, { cookie: `access_token=${await sessionFor(t, 'student')}` });
    expect(byLearner.statusCode).toBe(200);
    expect(byLearner.rawPayload.equals(png)).toBe(true);
  });

  it("answer 404 to anonymous callers, to another organisation's member, and on the old public address", async () => {
    const url = (await uploadImage('b.jpg', jpegImage())).body.data.url;
    expect(url).toMatch(/\.jpg$/);
    expect((await get(url, { 'access-token': teacher })).statusCode).toBe(200);
    expect((await get(url)).statusCode).toBe(404);
    expect((await get(url, { 'access-token': await sessionFor(t, 'manager2') })).statusCode).toBe(404);
    // The file is still at its old place in the store, but the public route no longer serves that folder.
    const stored = url.replace('/api/file/', '');
    expect(await t.deps.storage.sizeOf(stored)).toBeGreaterThan(0);
    expect((await get(`/files/${stored}`)).statusCode).toBe(404);
    expect((await get(`/files/${stored}`, { 'access-token': teacher })).statusCode).toBe(404);
  });

  it('keep working in questions saved before, once migration 0014 has moved their addresses', async () => {
    const url = (await uploadImage('c.png', png)).body.data.url;
    const question = await questionWith(`<p><img src="${url}" alt="old"></p>`);
    // Put the question (and its edit history) back as it was stored when images were public.
    const publicUrl = url.replace('/api/file/', '/files/');
    const asBefore = (text: string) => text.replaceAll(url, publicUrl);
    const [row] = await t.deps.db.select().from(schema.questions).where(eq(schema.questions.id, question.id));
    const options = row!.options.map((o) => ({ ...o, content: asBefore(o.content) }));
    await t.deps.db
      .update(schema.questions)
      .set({ stem: asBefore(row!.stem), analysis: asBefore(row!.analysis), options })
      .where(eq(schema.questions.id, question.id));
    await t.deps.db.execute(
      sql`update question_records set snapshot = replace(snapshot::text, ${url}, ${publicUrl})::jsonb where question_id = ${question.id}`,
    );
    const migration = readFileSync(
      new URL('../../../../../packages/db/migrations/0014_question_image_urls.sql', import.meta.url),
      'utf8',
    );
    for (const statement of migration.split('--> statement-breakpoint')) await t.deps.db.execute(sql.raw(statement));

    const detail = (await call(t.app, '/dataset-data/detail', { id: question.id }, { token: teacher })).body.data;
    for (const html of [detail.stem, detail.analysis, detail.options[0]!.content]) {
      expect(html).toContain(`<img src="${url}" alt="old" />`);
    }
    const records = await t.deps.db
      .select({ snapshot: schema.questionRecords.snapshot })
      .from(schema.questionRecords)
      .where(eq(schema.questionRecords.questionId, question.id));
    expect(JSON.stringify(records)).toContain(url);
    expect(JSON.stringify(records)).not.toContain(publicUrl);
    expect((await get(url, { 'access-token': teacher })).statusCode).toBe(200);
  });

  it('refuse a file that is not an image by its bytes', async () => {
    const svgBytes = await uploadImage('a.png', Buffer.from('<svg onload="alert(1)"></svg>'));
    expect(svgBytes.body.error).toBe('upload_type_wrong');
    const svgName = await uploadImage('a.svg', pngImage());
    expect(svgName.body.error).toBe('upload_type_wrong');
  });
});
