import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('counts organisations, people, sign-ins today and roles across the platform', async () => {
  await loginAs(t.app, 'student');
  const token = await loginAs(t.app, 'operator');
  const { body } = await call(t.app, '/user/index-platform', {}, { token });
  expect(body.data.sites).toEqual({ total: 2, open: 2, closed: 0 });
  expect(body.data.users.total).toBe(12);
  expect(body.data.logins.today).toBe(2);
  expect(body.data.logins.last_7_days).toHaveLength(7);
  expect(body.data.logins.last_7_days.at(-1)?.count).toBe(2);
  expect(body.data.roles.find((r) => r.role === 'role_student')?.count).toBe(4);
});
