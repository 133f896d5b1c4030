import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/user/mylist', () => {
  it("lists only the caller organisation's members, paged, with roles", async () => {
    const token = await loginAs(t.app, 'manager');
    const { body } = await call(t.app, '/user/mylist', { page: 1, pageSize: 10 }, { token });
    expect(body.data.total).toBe(10);
    expect(body.data.list.map((m) => m.username)).not.toContain('manager2');
    expect(body.data.list.find((m) => m.username === 'manager')?.roles).toEqual(['role_manager', 'role_teacher']);
    const second = await call(t.app, '/user/mylist', { page: 2, pageSize: 10 }, { token });
    expect(second.body.data.list).toEqual([]);
  });

  it('filters by keyword and role', async () => {
    const token = await loginAs(t.app, 'manager');
    const byKeyword = await call(t.app, '/user/mylist', { keyword: 'STUD' }, { token });
    expect(byKeyword.body.data.list.map((m) => m.username)).toEqual(['student']);
    const byRole = await call(t.app, '/user/mylist', { role: 'role_team_operator' }, { token });
    expect(byRole.body.data.list.map((m) => m.username)).toEqual(['annotator', 'reviewer']);
    const wildcard = await call(t.app, '/user/mylist', { keyword: '%' }, { token });
    expect(wildcard.body.data.total).toBe(0);
  });

  it('the second organisation manager sees only theirs', async () => {
    const token = await loginAs(t.app, 'manager2');
    const { body } = await call(t.app, '/user/mylist', {}, { token });
    expect(body.data.list.map((m) => m.username).sort()).toEqual(['manager', 'manager2', 'student', 'student2']);
  });
});
