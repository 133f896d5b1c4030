import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { draftProject, storedFiles } from '../../testing/data-test-kit.ts';
import { jpegImage, pngImage } from '../../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

/** Project attachments: document types by bytes, 5 per upload in the info step, 50 per project, the file route. */
let t: TestApp;
let token: string;
let siteId: number;

beforeAll(async () => {
  t = await createTestApp();
  token = await sessionFor(t, 'manager');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n');
const doc = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);

async function docx(): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('<?xml version="1.0"?><Types/>'), '[Content_Types].xml');
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const attach = (projectId: number, files: { name: string; content: Buffer }[], step?: 'info') =>
  upload(t.app, '/project/attachment-upload', { project_id: projectId, step }, files, { token });

describe('project attachments', () => {
  it('stores doc, docx, pdf and images checked by their bytes, lists and serves them, deletes them', async () => {
    const project = await draftProject(t, siteId);
    const files = [
      { name: '需求.pdf', content: pdf },
      { name: 'spec.doc', content: doc },
      { name: 'spec.docx', content: await docx() },
      { name: 'sample.jpg', content: jpegImage() },
      { name: 'sample.png', content: pngImage() },
    ];
    const result = await attach(project.id, files, 'info');
    expect(result.status).toBe(200);
    expect(result.body.data.total).toBe(5);
    expect(result.body.data.list.map((r) => r.name)).toEqual(files.map((f) => f.name));
    const listed = await call(t.app, '/project/attachment-list', { project_id: project.id }, { token });
    const first = listed.body.data.list[0]!;
    expect(first).toMatchObject({ name: '需求.pdf', size: pdf.length, url: `/api/file/attachment/${first.id}` });
    const served = await t.app.inject({
      method: 'GET',
      url: `${first.url}?download=1`,
      headers: { 'access-token': token },
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('需求.pdf')}`,
    );
    expect(served.rawPayload.equals(pdf)).toBe(true);
    const other = await t.app.inject({
      method: 'GET',
      url: first.url,
      headers: { 'access-token': await sessionFor(t, 'manager2') },
    });
    expect(other.statusCode).toBe(404);

    expect((await call(t.app, '/project/attachment-delete', { id: first.id }, { token })).body.data).toEqual({
      ok: true,
    });
    expect((await call(t.app, '/project/attachment-list', { project_id: project.id }, { token })).body.data.total).toBe(
      4,
    );
    expect(await storedFiles(t, project.id)).toHaveLength(4);
    const audits = await t.deps.db
      .select({ action: schema.auditLogs.action })
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.targetType, 'project'), eq(schema.auditLogs.targetId, String(project.id))));
    expect(audits.map((a) => a.action).sort()).toEqual(['attachment_delete', 'attachment_upload']);
  });

  it('refuses other types and names whose bytes disagree, storing nothing', async () => {
    const project = await draftProject(t, siteId);
    const wrongType = await attach(project.id, [{ name: 'notes.txt', content: Buffer.from('x') }]);
    expect(wrongType.body).toMatchObject({ error: 'upload_type_wrong', details: { reason: 'type' } });
    const mismatch = await attach(project.id, [
      { name: 'ok.pdf', content: pdf },
      { name: 'fake.pdf', content: pngImage() },
    ]);
    expect(mismatch.body).toMatchObject({
      error: 'upload_type_wrong',
      details: { name: 'fake.pdf', reason: 'mismatch' },
    });
    expect(await storedFiles(t, project.id)).toEqual([]);
  });

  it('takes at most 5 per upload in the info step and 50 per project', async () => {
    const project = await draftProject(t, siteId);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.pdf`, content: pdf }));
    const info = await attach(project.id, six, 'info');
    expect(info).toMatchObject({ status: 409, body: { error: 'project_attachment_limit', details: { max: 5 } } });
    expect(await storedFiles(t, project.id)).toEqual([]);
    expect((await attach(project.id, six)).body.data.total).toBe(6);
    await t.deps.db.insert(schema.projectAttachments).values(
      Array.from({ length: 43 }, (_, i) => ({
        siteId,
        projectId: project.id,
        name: `old ${i}.pdf`,
        filePath: `projects/${project.id}/attachments/old-${i}.pdf`,
        size: 1,
      })),
    );
    const over = await attach(project.id, [
      { name: 'a.pdf', content: pdf },
      { name: 'b.pdf', content: pdf },
    ]);
    expect(over).toMatchObject({ status: 409, body: { error: 'project_attachment_limit', details: { max: 50 } } });
    expect((await attach(project.id, [{ name: 'last.pdf', content: pdf }])).body.data.total).toBe(50);
  });
});
