import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { LOGIN_LIMITS } from './login.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (username: string, password: string, ip: string) =>
  call(t.app, '/index/login', { username, password }, { ip, lang: 'en-US' });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('login limits', () => {
  it('count only failed logins per address: many successes pass, the failures limit', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < LOGIN_LIMITS.perIp + 3; i++) expect((await login('student', 'Demo1234', ip)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perIp; i++) {
      expect((await login(`nobody${i}`, 'Demo1234', ip)).body.error).toBe('login_failed');
    }
    const limited = await login('student', 'Demo1234', ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/^Too many attempts, try again in \d+ seconds$/);
    expect((await login('student', 'Demo1234', '10.9.9.10')).status).toBe(200);
  });

  it('delay an account at one address more after each failure; elsewhere the owner logs in; success starts over', async () => {
    const attacker = '10.1.0.1';
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.free; i++) {
      expect((await login('teacher', 'Wrong1234', attacker)).body.error).toBe('login_failed');
    }
    const first = await login('teacher', 'Demo1234', attacker);
    expect(first).toMatchObject({ status: 429, body: { message: 'Too many attempts, try again in 1 seconds' } });
    expect((await login('teacher', 'Demo1234', '10.1.0.2')).status).toBe(200);
    await pause(1050);
    expect((await login('teacher', 'Wrong1234', attacker)).body.error).toBe('login_failed');
    const second = await login('teacher', 'Wrong1234', attacker);
    expect(second.body.message).toBe('Too many attempts, try again in 2 seconds');
    await pause(2050);
    expect((await login('teacher', 'Demo1234', attacker)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.free; i++) {
      expect((await login('teacher', 'Wrong1234', attacker)).body.error).toBe('login_failed');
    }
  });

  it('delay an unknown name exactly like an account, so the delay does not tell who exists', async () => {
    const ip = '10.2.0.1';
    const answers = async (username: string) => {
      const seen: (string | undefined)[] = [];
      for (let i = 0; i <= LOGIN_LIMITS.accountAtAddress.free; i++)
        seen.push((await login(username, 'Wrong1234', ip)).body.message);
      return seen;
    };
    const unknown = await answers('nobody-at-all');
    expect(unknown).toEqual(await answers('manager'));
    expect(unknown.at(-1)).toBe('Too many attempts, try again in 1 seconds');
  });

  it('delay an account failing from many addresses, except at an address it signed in from before', async () => {
    const usual = '10.3.0.1';
    expect((await login('student2', 'Demo1234', usual)).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.account.free; i++) {
      expect((await login('student2', 'Wrong1234', `10.3.1.${i}`)).body.error).toBe('login_failed');
    }
    expect((await login('student2', 'Demo1234', '10.3.2.1')).status).toBe(429);
    expect((await login('student2', 'Demo1234', usual)).status).toBe(200);
  });
});
