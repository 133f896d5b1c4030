import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { signupCode } from '../../testing/mail.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('concurrent registrations of one organisation name create it once; the others are told it is taken', async () => {
  const emails = Array.from({ length: 8 }, (_, i) => `racer${i}@race.example.com`);
  const codes: string[] = [];
  for (const email of emails) codes.push(await signupCode(t, email));
  const attempts = emails.map((email, i) =>
    call(t.app, '/index/signup', {
      site_name: '并发机构',
      email,
      code: codes[i],
      password: 'abc123',
      mobile: '13800000000',
      agreement: true,
    }),
  );
  const results = await Promise.all(attempts);
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
  expect(results.filter((r) => r.body.error === 'site_name_taken')).toHaveLength(7);
  expect(await t.deps.db.select().from(schema.sites).where(eq(schema.sites.name, '并发机构'))).toHaveLength(1);
});

it('concurrent uses of one quick-login token open one session', async () => {
  const token = (await call(t.app, '/index/login', { username: 'teacher', password: 'Demo1234' })).body.data
    .accessToken;
  const quick = (await call(t.app, '/user/quick-login-token', {}, { token })).body.data.access_token;
  const results = await Promise.all(
    Array.from({ length: 6 }, () => call(t.app, '/index/login-quick', { access_token: quick })),
  );
  expect(results.filter((r) => r.status === 200)).toHaveLength(1);
});
