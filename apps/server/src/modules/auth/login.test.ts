import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordChecks } from '../../platform/passwords.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/index/login', () => {
  it('logs the demo student in and answers the session user info', async () => {
    const { status, body } = await call(t.app, '/index/login', { username: 'student', password: 'Demo1234' });
    expect(status).toBe(200);
    expect(body.data.userName).toBe('student');
    expect(body.data.accessToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.data.site.name).toBe('示范学院');
    expect(Object.keys(body.data.auth_menus)).toContain('trainingcamp-train');
    expect(body.data.module_default?.module_route).toBe('module_certlearn');
  });

  it('accepts the email as the username', async () => {
    const { body } = await call(t.app, '/index/login', { username: 'Teacher@demo.example.com', password: 'Demo1234' });
    expect(body.data.userName).toBe('teacher');
  });

  it('answers an unknown account and a wrong password alike, in the caller language', async () => {
    const unknown = await call(t.app, '/index/login', { username: 'nobody', password: 'Demo1234' }, { lang: 'en-US' });
    const wrong = await call(t.app, '/index/login', { username: 'student', password: 'Wrong1234' }, { lang: 'en-US' });
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({ status: 400, body: { error: 'login_failed', message: 'Wrong account or password' } });
    const zh = await call(t.app, '/index/login', { username: 'nobody2', password: 'Demo1234' });
    expect(zh.body).toEqual({ error: 'login_failed', message: '账号或密码错误' });
  });

  it('does the same work for an unknown account as for a wrong password: one argon2 check each', async () => {
    // Without the dummy hash an unknown account would answer at once, telling itself apart by its speed.
    const checksOf = async (username: string, ip: string) => {
      const before = passwordChecks.count;
      const result = await call(t.app, '/index/login', { username, password: 'Wrong1234' }, { ip });
      expect(result.body.error).toBe('login_failed');
      return passwordChecks.count - before;
    };
    expect(await checksOf('ghost-account', '10.7.0.1')).toBe(1);
    expect(await checksOf('teacher', '10.7.1.1')).toBe(1);
  });

  it('says a disabled account is disabled only after its right password', async () => {
    await t.deps.db.update(schema.users).set({ status: 'disabled' }).where(eq(schema.users.username, 'reviewer'));
    const wrong = await call(t.app, '/index/login', { username: 'reviewer', password: 'Wrong1234' });
    expect(wrong.body.error).toBe('login_failed');
    const right = await call(t.app, '/index/login', { username: 'reviewer', password: 'Demo1234' });
    expect(right).toMatchObject({ status: 403, body: { error: 'account_disabled' } });
    await t.deps.db.update(schema.users).set({ status: 'active' }).where(eq(schema.users.username, 'reviewer'));
  });

  it('refuses a password shorter than 6 with invalid_input naming the field', async () => {
    const { status, body } = await call(
      t.app,
      '/index/login',
      { username: 'student', password: '123' },
      { lang: 'en-US' },
    );
    expect(status).toBe(400);
    expect(body.error).toBe('invalid_input');
    expect(body.details).toHaveProperty(
      'fields.0',
      expect.objectContaining({ field: 'password', message: 'The password has at least 6 characters' }),
    );
  });

  it('the token opens /user/detail with the student menus; logout ends it', async () => {
    const token = await loginAs(t.app, 'student');
    const detail = await call(t.app, '/user/detail', {}, { token });
    expect(detail.status).toBe(200);
    expect(detail.body.data.user.siteUser.current_role).toBe('role_student');
    expect(Object.keys(detail.body.data.user.auth_menus)).toContain('trainingcamp-mywrong');
    expect(Object.keys(detail.body.data.user.auth_menus)).not.toContain('site');
    expect(await call(t.app, '/index/logout', {}, { token })).toMatchObject({ status: 200 });
    expect(await call(t.app, '/user/detail', {}, { token })).toMatchObject({
      status: 401,
      body: { error: 'auth_fail' },
    });
  });
});
