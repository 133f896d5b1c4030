import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('quick login', () => {
  it('a one-time token opens a second session for the same user, once', async () => {
    const token = await loginAs(t.app, 'teacher');
    const made = await call(t.app, '/user/quick-login-token', {}, { token });
    const quick = made.body.data.access_token;
    const first = await call(t.app, '/index/login-quick', { access_token: quick });
    expect(first.body.data.userName).toBe('teacher');
    expect(first.body.data.accessToken).not.toBe(token);
    const second = await call(t.app, '/index/login-quick', { access_token: quick });
    expect(second.body).toMatchObject({ error: 'quick_login_invalid' });
    expect((await call(t.app, '/index/login-quick', { access_token: 'made-up' })).status).toBe(401);
  });
});

describe('/index/init and runtime configuration', () => {
  it('names the first organisation in the caller language', async () => {
    expect((await call(t.app, '/index/init')).body.data.site.name).toBe('示范学院');
    expect((await call(t.app, '/index/init', {}, { lang: 'en-US' })).body.data.site.name).toBe('Demo Academy');
  });

  it('gives the client its per-origin configuration', async () => {
    const { body } = await call(t.app, '/index/runtime-config');
    expect(body.data).toMatchObject({
      tokenCookie: 'access_token',
      signedInCookie: 'access_token_signed_in',
      websocketUrl: 'ws://localhost:80/ws',
      captcha: false,
      labeltoolUrl: 'http://localhost:80/production/task-execute',
    });
  });
});
