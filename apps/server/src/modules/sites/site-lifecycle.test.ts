import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let operator: string;
beforeAll(async () => {
  t = await createTestApp();
  operator = await loginAs(t.app, 'operator');
});
afterAll(() => t.close());

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of random noise (noise does not compress, so 40x40 is about 5 KB). */
function noisePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.concat(
    Array.from({ length: height }, () => Buffer.concat([Buffer.from([0]), randomBytes(width * 3)])),
  );
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
const auditOf = (action: string, id: number) =>
  t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.action, action), eq(schema.auditLogs.targetId, String(id))));

describe('/site/close and /site/open', () => {
  it("closing locks the members out at once; opening lets them back; the caller's own is refused", async () => {
    const galaxy = await siteIdByName(t, '星河数据');
    const demo = await siteIdByName(t, '示范学院');
    const manager2 = await loginAs(t.app, 'manager2');
    const student = await loginAs(t.app, 'student');
    expect((await call(t.app, '/user/mylist', {}, { token: manager2 })).status).toBe(200);

    const closed = await call(t.app, '/site/close', { id: galaxy }, { token: operator });
    expect(closed.body.data).toEqual({ id: galaxy, status: 'closed' });
    // A signed-in member of only that organisation: the very next call has no organisation left.
    const next = await call(t.app, '/user/mylist', {}, { token: manager2 });
    expect(next.status).toBe(403);
    expect(next.body.error).toBe('no_membership');
    const login = await call(t.app, '/index/login', { username: 'manager2', password: 'Demo1234' });
    expect(login.body.error).toBe('site_closed');
    // A member of two organisations keeps working in the open one, which no longer lists the closed one.
    const detail = await call(t.app, '/user/detail', {}, { token: student });
    expect(detail.body.data.user.site.id).toBe(demo);
    expect(detail.body.data.userSites.map((s) => s.site_id)).toEqual([demo]);
    const list = await call(t.app, '/site/list', { status: 'closed' }, { token: operator });
    expect(list.body.data.list.map((s) => s.name)).toEqual(['星河数据']);
    const [audit] = await auditOf('site_close', galaxy);
    expect(audit?.details).toMatchObject({ before: { status: 'open' }, after: { status: 'closed' } });

    const twice = await call(t.app, '/site/close', { id: galaxy }, { token: operator });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toBe('conflict');
    const own = await call(t.app, '/site/close', { id: demo }, { token: operator });
    expect(own.status).toBe(409);
    expect(own.body.error).toBe('site_in_use');
    const missing = await call(t.app, '/site/close', { id: 999_999 }, { token: operator });
    expect(missing.body.error).toBe('not_found');

    const opened = await call(t.app, '/site/open', { id: galaxy }, { token: operator });
    expect(opened.body.data).toEqual({ id: galaxy, status: 'open' });
    expect((await call(t.app, '/user/mylist', {}, { token: manager2 })).status).toBe(200);
    expect((await call(t.app, '/index/login', { username: 'manager2', password: 'Demo1234' })).status).toBe(200);
    const again = await call(t.app, '/site/open', { id: galaxy }, { token: operator });
    expect(again.body.error).toBe('conflict');
  });
});

describe('/site/delete', () => {
  it("refuses the caller's current organisation", async () => {
    const demo = await siteIdByName(t, '示范学院');
    const { status, body } = await call(t.app, '/site/delete', { id: demo }, { token: operator });
    expect(status).toBe(409);
    expect(body.error).toBe('site_in_use');
    expect(body.message).toBeTruthy();
    expect((await call(t.app, '/site/detail', { id: demo }, { token: operator })).status).toBe(200);
  });

  it('deletes another one with its memberships; the people working in it lose it at once', async () => {
    const created = await call(
      t.app,
      '/site/create',
      { name: '将删除机构', service_type: 0, manager: 'student2' },
      { token: operator },
    );
    const id = created.body.data.id;
    const student2 = await loginAs(t.app, 'student2');
    await call(t.app, '/user/change-site', { site_id: id }, { token: student2 });
    expect((await call(t.app, '/user/mylist', {}, { token: student2 })).status).toBe(200);

    const deleted = await call(t.app, '/site/delete', { id }, { token: operator });
    expect(deleted.body.data).toEqual({ ok: true });
    const next = await call(t.app, '/user/mylist', {}, { token: student2 });
    expect(next.body.error).toBe('no_membership');
    const memberships = await t.deps.db.select().from(schema.siteUsers).where(eq(schema.siteUsers.siteId, id));
    expect(memberships).toEqual([]);
    expect((await call(t.app, '/site/detail', { id }, { token: operator })).body.error).toBe('not_found');
    const [audit] = await auditOf('site_delete', id);
    expect(audit?.details).toMatchObject({ before: { name: '将删除机构', members: { active: 1 } }, after: null });

    // The next login works in the organisation that is left.
    const again = await loginAs(t.app, 'student2');
    const detail = await call(t.app, '/user/detail', {}, { token: again });
    expect(detail.body.data.user.site.name).toBe('星河数据');
    expect(detail.body.data.userSites.map((s) => s.site.name)).toEqual(['星河数据']);
    const twice = await call(t.app, '/site/delete', { id }, { token: operator });
    expect(twice.body.error).toBe('not_found');
  });
});

describe('/site/update-logo', () => {
  it('stores a real PNG under site-logos/, serves it, and members see it at once', async () => {
    const galaxy = await siteIdByName(t, '星河数据');
    const manager2 = await loginAs(t.app, 'manager2');
    expect((await call(t.app, '/user/detail', {}, { token: manager2 })).body.data.user.site.logo).toBeNull();
    const png = noisePng(40, 40);
    const saved = await call(
      t.app,
      '/site/update-logo',
      { id: galaxy, kind: 'logo', image: dataUrl(png) },
      { token: operator },
    );
    expect(saved.status).toBe(200);
    expect(saved.body.data.kind).toBe('logo');
    expect(saved.body.data.url).toMatch(/^\/files\/site-logos\/[0-9a-f]{64}\.png$/);
    const served = await t.app.inject({ method: 'GET', url: saved.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(png)).toBe(true);

    const icon = await call(
      t.app,
      '/site/update-logo',
      { id: galaxy, kind: 'icon_logo', image: dataUrl(noisePng(20, 20)) },
      { token: operator },
    );
    const detail = await call(t.app, '/site/detail', { id: galaxy }, { token: operator });
    expect(detail.body.data).toMatchObject({ logo: saved.body.data.url, icon_logo: icon.body.data.url });
    const shell = await call(t.app, '/user/detail', {}, { token: manager2 });
    expect(shell.body.data.user.site).toMatchObject({ logo: saved.body.data.url, icon_logo: icon.body.data.url });
    const [audit] = await auditOf('site_update_logo', galaxy);
    expect(audit?.details).toMatchObject({ before: { logo: null }, after: { logo: saved.body.data.url } });
  });

  it('checks the bytes and the size like the avatar; an unknown organisation is not found', async () => {
    const galaxy = await siteIdByName(t, '星河数据');
    const text = Buffer.from('not an image at all '.repeat(100));
    const wrongType = await call(
      t.app,
      '/site/update-logo',
      { id: galaxy, kind: 'logo', image: dataUrl(text) },
      { token: operator, lang: 'en-US' },
    );
    expect(wrongType.status).toBe(400);
    expect(wrongType.body).toMatchObject({
      error: 'file_type_wrong',
      message: 'Only jpg, png or jpeg images are allowed',
    });
    const tiny = await call(
      t.app,
      '/site/update-logo',
      { id: galaxy, kind: 'logo', image: dataUrl(noisePng(4, 4)) },
      { token: operator },
    );
    expect(tiny.body.error).toBe('file_size_wrong');
    const badKind = await call(
      t.app,
      '/site/update-logo',
      { id: galaxy, kind: 'banner', image: dataUrl(noisePng(40, 40)) },
      { token: operator },
    );
    expect(badKind.body.error).toBe('invalid_input');
    const missing = await call(
      t.app,
      '/site/update-logo',
      { id: 999_999, kind: 'logo', image: dataUrl(noisePng(40, 40)) },
      { token: operator },
    );
    expect(missing.body.error).toBe('not_found');
  });
});
