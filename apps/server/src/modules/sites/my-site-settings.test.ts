import { randomBytes } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallOutput, call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let manager: string;
let teamadmin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  teamadmin = await loginAs(t.app, 'teamadmin');
  student = await loginAs(t.app, 'student');
});
afterAll(() => t.close());

async function ok<P extends ProcedurePath>(token: string, path: P, input: unknown): Promise<CallOutput<P>> {
  const result = await call(t.app, path, input, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of random noise (about 5 KB at 40x40). */
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

describe('team settings (/site/my-settings, -update, /site/my-logo)', () => {
  it('a manager reads and changes the current organisation; members see the new name; it is audited', async () => {
    const before = await ok(manager, '/site/my-settings', {});
    const detail = await ok(manager, '/user/detail', {});
    expect(before.id).toBe(detail.user.site.id);
    expect(before.name).toBe(detail.user.site.name);

    const saved = await ok(manager, '/site/my-settings-update', {
      name: '  新的团队名  ',
      address: '北京市海淀区',
      domain: 'Team.Example.COM',
    });
    expect(saved).toMatchObject({
      id: before.id,
      name: '新的团队名',
      address: '北京市海淀区',
      domain: 'team.example.com',
    });
    expect((await ok(manager, '/user/detail', {})).user.site.name).toBe('新的团队名');

    const [line] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'site_update'), eq(schema.auditLogs.targetId, String(before.id))))
      .orderBy(desc(schema.auditLogs.id))
      .limit(1);
    const details = line!.details as { before: { name: string }; after: { name: string; domain: string } };
    expect(details.before.name).toBe(before.name);
    expect(details.after).toMatchObject({ name: '新的团队名', domain: 'team.example.com' });

    // Empty clears; the name stays required.
    const cleared = await ok(manager, '/site/my-settings-update', { name: '新的团队名', address: '', domain: null });
    expect(cleared).toMatchObject({ address: null, domain: null });
    const bad = await call(
      t.app,
      '/site/my-settings-update',
      { name: '新的团队名', domain: 'not a domain' },
      {
        token: manager,
      },
    );
    expect(bad.body.error).toBe('invalid_input');
    const long = await call(
      t.app,
      '/site/my-settings-update',
      { name: '新的团队名', address: 'x'.repeat(256) },
      {
        token: manager,
      },
    );
    expect(long.body.error).toBe('invalid_input');
  });

  it('refuses a name another organisation holds (site_name_taken)', async () => {
    const [other] = await t.deps.db.select().from(schema.sites);
    const mine = await ok(manager, '/site/my-settings', {});
    const name = other!.id === mine.id ? (await t.deps.db.select().from(schema.sites))[1]!.name : other!.name;
    const taken = await call(t.app, '/site/my-settings-update', { name }, { token: manager });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe('site_name_taken');
  });

  it('sets the logo of the current organisation only', async () => {
    const mine = await ok(manager, '/site/my-settings', {});
    const image = `data:image/png;base64,${noisePng(40, 40).toString('base64')}`;
    const saved = await ok(manager, '/site/my-logo', { kind: 'logo', image });
    expect(saved.url).toMatch(/^\/files\/site-logos\/[0-9a-f]{64}\.png$/);
    expect((await ok(manager, '/site/my-settings', {})).logo).toBe(saved.url);
    const [row] = await t.deps.db.select().from(schema.sites).where(eq(schema.sites.id, mine.id));
    expect(row!.logo).toBe(saved.url);
    const tooSmall = await call(
      t.app,
      '/site/my-logo',
      { kind: 'icon_logo', image: 'data:image/png;base64,AAAA' },
      {
        token: manager,
      },
    );
    expect(tooSmall.status).toBe(400);
  });

  it('is for managers and team administrators only', async () => {
    expect((await call(t.app, '/site/my-settings', {}, { token: teamadmin })).status).toBe(200);
    expect((await call(t.app, '/site/my-settings', {}, { token: student })).status).toBe(403);
    expect((await call(t.app, '/site/my-settings-update', { name: 'x1' }, { token: student })).status).toBe(403);
  });
});
