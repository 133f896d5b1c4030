import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { LOGIN_LIMITS } from './login.service.ts';

// Two instances sharing the database and Redis: the login delays hold across them, as behind a load balancer.
const redisUrl = new URL(process.env.TEST_REDIS_URL!);
redisUrl.pathname = `/${randomInt(1, 16)}`;

let database: TestApp['database'];
let a: TestApp;
let b: TestApp;
beforeAll(async () => {
  database = await openTestDatabase();
  a = await createTestApp({ REDIS_URL: redisUrl.toString() }, database);
  b = await createTestApp({ REDIS_URL: redisUrl.toString() }, database);
});
afterAll(async () => {
  await a?.close();
  await b?.close();
  await database?.close();
});

it('failures on one instance delay the account at that address on the other; a success there starts over', async () => {
  // Addresses of this run only: other runs may share the Redis database.
  const ip = `10.${randomInt(256)}.${randomInt(256)}.1`;
  const login = (app: TestApp, password: string) =>
    call(app.app, '/index/login', { username: 'teacher', password }, { ip, lang: 'en-US' });
  for (let i = 0; i < LOGIN_LIMITS.accountAtAddress.free; i++) {
    expect((await login(a, 'Wrong1234')).body.error).toBe('login_failed');
  }
  expect((await login(b, 'Demo1234')).body.message).toBe('Too many attempts, try again in 1 seconds');
  await new Promise((resolve) => setTimeout(resolve, 1050));
  expect((await login(b, 'Demo1234')).status).toBe(200);
  expect((await login(a, 'Wrong1234')).body.error).toBe('login_failed');
});
