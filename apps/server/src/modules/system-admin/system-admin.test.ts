import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { daysOf } from './user-stat.queries.ts';

let t: TestApp;
let root: string;
let operator: string;
let first: number;
let second: number;
beforeAll(async () => {
  t = await createTestApp();
  root = await loginAs(t.app, 'root');
  operator = await sessionFor(t, 'operator');
  first = await siteIdByName(t, '示范学院');
  second = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

const today = () => new Date().toISOString().slice(0, 10);

describe('/system/logs', () => {
  it('finds a site update made through /site/update, with who, where, target and before/after', async () => {
    const updated = await call(
      t.app,
      '/site/update',
      { id: second, remarks: '审计备注' },
      { token: root, ip: '10.1.2.3' },
    );
    expect(updated.status).toBe(200);
    const found = await call(t.app, '/system/logs', { keyword: '审计备注' }, { token: operator });
    expect(found.body.data.total).toBe(1);
    expect(found.body.data.list[0]).toMatchObject({
      action: 'site_update',
      username: 'root',
      nickname: '超级管理员',
      site_id: first,
      site_name: '示范学院',
      target_type: 'site',
      target_id: String(second),
      target_name: '星河数据',
      ip: '10.1.2.3',
      details: { before: { remarks: null }, after: { remarks: '审计备注' } },
    });
    const english = await call(t.app, '/system/logs', { keyword: '审计备注' }, { token: operator, lang: 'en-US' });
    expect(english.body.data.list[0]).toMatchObject({ site_name: 'Demo Academy', target_name: 'Galaxy Data' });
    const byAction = await call(t.app, '/system/logs', { action: 'site_update', user: '超级' }, { token: operator });
    expect(byAction.body.data.total).toBe(1);
    const byOtherUser = await call(
      t.app,
      '/system/logs',
      { action: 'site_update', user: 'student' },
      { token: operator },
    );
    expect(byOtherUser.body.data.total).toBe(0);
    const bySite = await call(t.app, '/system/logs', { site_id: second, action: 'site_update' }, { token: operator });
    expect(bySite.body.data.total).toBe(0);
    const inRange = await call(
      t.app,
      '/system/logs',
      { from: today(), to: today(), keyword: 'site_update' },
      { token: operator },
    );
    expect(inRange.body.data.total).toBe(1);
    const before = await call(t.app, '/system/logs', { to: '2000-01-01' }, { token: operator });
    expect(before.body.data.total).toBe(0);
    const logins = await call(t.app, '/system/logs', { action: 'login', user: 'root' }, { token: operator });
    expect(logins.body.data.list[0]).toMatchObject({ username: 'root', site_name: '示范学院', target_type: null });
    const denied = await call(t.app, '/system/logs', {}, { token: await sessionFor(t, 'manager') });
    expect(denied.status).toBe(403);
  });
});

describe('announcements', () => {
  it('are written by the platform and read per organisation in the message center', async () => {
    const all = await call(
      t.app,
      '/system/announcement-create',
      { title: '全体公告', content: '所有机构' },
      { token: operator },
    );
    expect(all.body.data).toMatchObject({ site_id: null, site_name: null, created_by: '平台运营' });
    const mine = await call(
      t.app,
      '/system/announcement-create',
      { title: '星河公告', content: '', site_id: second },
      { token: operator },
    );
    expect(mine.body.data).toMatchObject({ site_id: second, site_name: '星河数据' });
    const tooLong = await call(
      t.app,
      '/system/announcement-create',
      { title: 'x', content: 'a'.repeat(256) },
      { token: operator },
    );
    expect(tooLong.body.error).toBe('invalid_input');
    const unknownSite = await call(
      t.app,
      '/system/announcement-create',
      { title: 'x', site_id: 999999 },
      { token: operator },
    );
    expect(unknownSite.body.error).toBe('not_found');

    const titlesFor = async (username: string) =>
      (await call(t.app, '/user/announcements', {}, { token: await sessionFor(t, username) })).body.data.list.map(
        (a) => a.title,
      );
    expect(await titlesFor('student2')).toEqual(['星河公告', '全体公告']);
    expect(await titlesFor('teacher')).toEqual(['全体公告']);

    const moved = await call(
      t.app,
      '/system/announcement-update',
      { id: mine.body.data.id, title: '示范公告', content: 'c', site_id: first },
      { token: operator },
    );
    expect(moved.body.data).toMatchObject({ title: '示范公告', site_name: '示范学院' });
    expect(await titlesFor('student2')).toEqual(['全体公告']);
    expect(await titlesFor('teacher')).toEqual(['示范公告', '全体公告']);
    const listed = await call(t.app, '/system/announcement-list', { site_id: first }, { token: operator });
    expect(listed.body.data.total).toBe(1);
    await call(t.app, '/system/announcement-delete', { id: all.body.data.id }, { token: operator });
    expect(await titlesFor('student2')).toEqual([]);
    const log = await call(t.app, '/system/logs', { action: 'announcement_update' }, { token: operator });
    expect(log.body.data.list[0]).toMatchObject({
      target_name: '示范公告',
      details: { before: { title: '星河公告' } },
    });
  });
});

describe('/system/user-stat-day-list', () => {
  it('counts new users, sign-ins and distinct signed-in users per day', async () => {
    await loginAs(t.app, 'student');
    await loginAs(t.app, 'student');
    const { body } = await call(
      t.app,
      '/system/user-stat-day-list',
      { from: today(), to: today() },
      { token: operator },
    );
    const [day] = body.data.list;
    const users = (await t.deps.db.select({ id: schema.users.id }).from(schema.users)).length;
    expect(day).toEqual({ day: today(), new_users: users, sign_ins: 3, active_users: 2 });
    const month = await call(t.app, '/system/user-stat-day-list', {}, { token: operator });
    expect(month.body.data.list).toHaveLength(30);
    expect(month.body.data.list.at(-1)?.day).toBe(today());
  });

  it('walks the days of a range, at most a year', () => {
    expect(daysOf('2024-02-27', '2024-03-01')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
    expect(daysOf('2024-03-02', '2024-03-01')).toEqual([]);
    expect(daysOf('2020-01-01', '2024-01-01')).toHaveLength(366);
  });
});
