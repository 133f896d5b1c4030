import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { draftProject, itemsOf, uploadData } from '../../testing/data-test-kit.ts';
import { pngImage, wavAudio } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The authorised file route: who may read, content types, byte ranges. */
let t: TestApp;
let token: string;
let pngId: number;
let wavId: number;
const png = pngImage(32, 32, 3);
const wav = wavAudio(0.5);

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t, 'producer');
  const project = await draftProject(t, await siteIdByName(t, '示范学院'));
  const result = await uploadData(t, token, project.id, 'files', [
    { name: 'pic.png', content: png },
    { name: 'tone.wav', content: wav },
  ]);
  expect(result.status).toBe(200);
  [pngId, wavId] = (await itemsOf(t, project.id)).map((i) => i.id) as [number, number];
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

describe('GET /api/file/data-item/:id', () => {
  it('serves the file to a member holding a data key, by header or by the token cookie', async () => {
    const byHeader = await get(`/api/file/data-item/${pngId}`, { 'access-token': token });
    expect(byHeader.statusCode).toBe(200);
    expect(byHeader.headers['content-type']).toBe('image/png');
    expect(byHeader.headers['accept-ranges']).toBe('bytes');
    expect(byHeader.headers['cache-control']).toContain('private');
    expect(byHeader.rawPayload.equals(png)).toBe(true);
    const byCookie = await get(`/api/file/data-item/${wavId}`, { cookie: `access_token=${token}` });
    expect(byCookie.statusCode).toBe(200);
    expect(byCookie.headers['content-type']).toBe('audio/wav');
    expect(Number(byCookie.headers['content-length'])).toBe(wav.length);
  });

  it('answers byte ranges with 206 and content-range, 416 when unsatisfiable', async () => {
    const url = `/api/file/data-item/${wavId}`;
    const first = await get(url, { 'access-token': token, range: 'bytes=0-43' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-43/${wav.length}`);
    expect(first.rawPayload.equals(wav.subarray(0, 44))).toBe(true);
    const open = await get(url, { 'access-token': token, range: 'bytes=100-' });
    expect(open.headers['content-range']).toBe(`bytes 100-${wav.length - 1}/${wav.length}`);
    expect(open.rawPayload.equals(wav.subarray(100))).toBe(true);
    const suffix = await get(url, { 'access-token': token, range: 'bytes=-10' });
    expect(suffix.rawPayload.equals(wav.subarray(wav.length - 10))).toBe(true);
    const beyond = await get(url, { 'access-token': token, range: `bytes=${wav.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${wav.length}`);
    const clipped = await get(url, { 'access-token': token, range: `bytes=10-${wav.length + 50}` });
    expect(clipped.headers['content-range']).toBe(`bytes 10-${wav.length - 1}/${wav.length}`);
    const ignored = await get(url, { 'access-token': token, range: 'lines=1-2' });
    expect(ignored.statusCode).toBe(200);
  });

  it("answers 404 to another organisation's member, 403 without a data key, 401 without a session", async () => {
    const other = await get(`/api/file/data-item/${pngId}`, { 'access-token': await sessionFor(t, 'manager2') });
    expect(other.statusCode).toBe(404);
    const student = await get(`/api/file/data-item/${pngId}`, { 'access-token': await sessionFor(t, 'student') });
    expect(student.statusCode).toBe(403);
    expect((await get(`/api/file/data-item/${pngId}`)).statusCode).toBe(401);
    expect((await get('/api/file/data-item/999999', { 'access-token': token })).statusCode).toBe(404);
    expect((await get('/api/file/nothing/1', { 'access-token': token })).statusCode).toBe(404);
  });

  it('keeps private files off the public /files/ route', async () => {
    const [item] = await t.deps.db.select().from(schema.dataItems).where(eq(schema.dataItems.id, pngId));
    expect(item?.filePath).toMatch(/^projects\/\d+\/data\/[\w-]+\.png$/);
    expect((await get(`/files/${item?.filePath}`)).statusCode).toBe(404);
  });
});
