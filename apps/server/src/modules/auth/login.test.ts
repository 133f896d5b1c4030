import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    expect(body.data.module_default.module_route).toBe('module_certlearn');
  });

  it('accepts the email as the username', async () => {
    const { body } = await call(t.app, '/index/login', { username: 'Teacher@demo.example.com', password: 'Demo1234' });
    expect(body.data.userName).toBe('teacher');
  });

  it('tells an unknown user from a wrong password, in the caller language', async () => {
    const unknown = await call(t.app, '/index/login', { username: 'nobody', password: 'Demo1234' }, { lang: 'en-US' });
    expect(unknown.body).toMatchObject({ error: 'user_not_found', message: 'User does not exist' });
    const wrong = await call(t.app, '/index/login', { username: 'student', password: 'Wrong1234' });
    expect(wrong.body).toMatchObject({ error: 'password_wrong', message: '密码错误' });
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
    expect(body.details.fields[0]).toMatchObject({
      field: 'password',
      message: 'The password has at least 6 characters',
    });
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
