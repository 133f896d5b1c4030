import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it("shows the current organisation's members, roles and sign-ins, and nothing of another", async () => {
  await loginAs(t.app, 'student2');
  const teacher = await loginAs(t.app, 'teacher');
  const first = (await call(t.app, '/user/index-manager', {}, { token: teacher })).body.data;
  expect(first.site.name).toBe('示范学院');
  expect(first.members).toEqual({ active: 10, pending: 0 });
  expect(first.logins.today).toBe(1);
  expect(first.roles.find((r) => r.role === 'role_team_operator')?.count).toBe(2);
  expect(first.recent_members).toHaveLength(5);
  const manager2 = await loginAs(t.app, 'manager2');
  const second = (await call(t.app, '/user/index-manager', {}, { token: manager2, lang: 'en-US' })).body.data;
  expect(second.site.name).toBe('Galaxy Data');
  expect(second.members.active).toBe(4);
  expect(second.logins.today).toBe(2);
});
