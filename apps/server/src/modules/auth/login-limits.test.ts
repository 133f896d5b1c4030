import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LOGIN_LIMITS } from './login.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('login rate limits', () => {
  it('locks an account after repeated wrong passwords, whatever the IP', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      const r = await call(
        t.app,
        '/index/login',
        { username: 'reviewer', password: 'Wrong1234' },
        { ip: `10.0.0.${i}` },
      );
      expect(r.body.error).toBe('password_wrong');
    }
    const locked = await call(
      t.app,
      '/index/login',
      { username: 'reviewer', password: 'Demo1234' },
      { ip: '10.0.1.1', lang: 'en-US' },
    );
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
  });

  it('limits attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i <= LOGIN_LIMITS.perIp; i++) {
      last = (await call(t.app, '/index/login', { username: `nobody${i}`, password: 'Demo1234' }, { ip: '10.9.9.9' }))
        .status;
    }
    expect(last).toBe(429);
    const otherIp = await call(
      t.app,
      '/index/login',
      { username: 'student', password: 'Demo1234' },
      { ip: '10.9.9.10' },
    );
    expect(otherIp.status).toBe(200);
  });
});
