import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { writeNotices } from '../../platform/notices.ts';
import { userIdOf } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;
const ids: Record<string, number> = {};
const tokens: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
  for (const u of ['annotator', 'reviewer', 'teamadmin']) {
    ids[u] = await userIdOf(t, u);
    tokens[u] = await sessionFor(t, u);
  }
});
afterAll(async () => t?.close());

const notice = (userId: number, kind: 'job_rejected' | 'job_expired', params: Record<string, string | number>) =>
  t.deps.db.transaction(async (tx) => writeNotices(tx, siteId, [{ userId, kind, params }]));

const list = (username: string, input: object = {}) =>
  call(t.app, '/message/list', input, { token: tokens[username] }).then((r) => r.body.data);
const read = (username: string, input: object) =>
  call(t.app, '/message/read', input, { token: tokens[username] }).then((r) => r.body);

describe('writeNotices', () => {
  it('stores the notice in the transaction and pushes it only when the caller says so', async () => {
    const publish = vi.spyOn(t.deps.hub, 'publishToUser');
    const push = await notice(ids.annotator!, 'job_rejected', { task_name: '标注 B1', reason: 'blurry', job_id: 7 });
    expect(publish).not.toHaveBeenCalled();
    await push(t.deps.hub);
    expect(publish).toHaveBeenCalledWith(ids.annotator, {
      data: {
        action: 'message',
        message: expect.objectContaining({
          kind: 'job_rejected',
          read: false,
          params: expect.objectContaining({ job_id: 7 }),
        }),
      },
    });
    publish.mockRestore();
  });

  it('leaves no notice when the transaction rolls back', async () => {
    const before = (await list('reviewer')).total;
    await expect(
      t.deps.db.transaction(async (tx) => {
        await writeNotices(tx, siteId, [{ userId: ids.reviewer!, kind: 'job_expired', params: {} }]);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await list('reviewer')).total).toBe(before);
  });
});

describe('/message/list and /message/read', () => {
  it('lists the caller’s notices of the current organisation, newest first, with the unread count', async () => {
    await notice(ids.annotator!, 'job_expired', { task_name: 'second' });
    await notice(ids.annotator!, 'job_expired', { task_name: 'third' });
    await t.deps.db
      .insert(schema.userMessages)
      .values({ siteId: otherSiteId, userId: ids.annotator!, kind: 'job_expired', params: { task_name: 'elsewhere' } });
    await notice(ids.reviewer!, 'job_rejected', { task_name: 'not yours' });

    const mine = await list('annotator');
    expect(mine).toMatchObject({ total: 3, unread: 3, page: 1, pageSize: 10 });
    expect(mine.list.map((m) => m.params.task_name)).toEqual(['third', 'second', '标注 B1']);
    expect(mine.list[0]).toMatchObject({ kind: 'job_expired', read: false });
    expect(Date.parse(mine.list[0]!.created_at)).not.toBeNaN();
    const paged = await list('annotator', { page: 2, pageSize: 10 });
    expect(paged).toMatchObject({ total: 3, list: [] });
  });

  it('marks the named notices read; ids of other people’s notices change nothing', async () => {
    const [newest, second] = (await list('annotator')).list;
    const theirs = (await list('reviewer')).list[0];
    if (!newest || !second || !theirs) throw new Error('the notices are not listed');
    expect(await read('annotator', { ids: [newest.id, theirs.id] })).toEqual({ data: { unread: 2 } });
    expect((await list('reviewer')).unread).toBe(1);
    const unreadOnly = await list('annotator', { unread: true });
    expect(unreadOnly).toMatchObject({ total: 2, unread: 2 });
    expect(unreadOnly.list.map((m) => m.id)).not.toContain(newest.id);
    const all = await list('annotator');
    expect(all.list[0]).toMatchObject({ id: newest.id, read: true });
    expect(all.list[1]).toMatchObject({ id: second.id, read: false });
    expect(await read('reviewer', { ids: [second.id] })).toEqual({ data: { unread: 1 } });
    expect((await list('annotator')).list[1]?.read).toBe(false);
  });

  it('marks all of them read', async () => {
    expect(await read('annotator', { all: true })).toEqual({ data: { unread: 0 } });
    expect((await list('annotator')).list.every((m) => m.read)).toBe(true);
    expect((await list('reviewer')).unread).toBe(1);
  });

  it('answers an empty list to someone without a current organisation', async () => {
    await t.deps.db
      .insert(schema.userMessages)
      .values({ siteId, userId: ids.teamadmin!, kind: 'task_assigned', params: { task_name: 'new' } });
    expect((await list('teamadmin')).unread).toBe(1);
    await t.deps.db.update(schema.users).set({ currentSiteId: null }).where(eq(schema.users.id, ids.teamadmin!));
    const token = await sessionFor(t, 'teamadmin');
    const res = await call(t.app, '/message/list', {}, { token });
    expect(res.body.data).toEqual({ list: [], total: 0, page: 1, pageSize: 10, unread: 0 });
    expect((await call(t.app, '/message/read', { all: true }, { token })).body.data).toEqual({ unread: 0 });
  });
});
