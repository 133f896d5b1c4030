import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, signupCode } from '../../testing/mail.ts';
import { call, createTestApp, invalidFields, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  site_name: '新机构',
  email: 'founder@new.example.com',
  code: '123456',
  password: 'abc123',
  mobile: '13800000000',
  agreement: true,
};

async function fieldsOf(input: Record<string, unknown>) {
  const { status, body } = await call(t.app, '/index/signup', input, { lang: 'en-US' });
  expect(status).toBe(400);
  return invalidFields(body).map((f) => `${f.field}: ${f.message}`);
}

describe('/index/signup', () => {
  it('checks every rule of the registration form', async () => {
    expect(await fieldsOf({ ...valid, site_name: 'A' })).toEqual([
      'site_name: The organisation name has 2 to 32 characters',
    ]);
    expect(await fieldsOf({ ...valid, site_name: 'x'.repeat(33) })).toHaveLength(1);
    expect(await fieldsOf({ ...valid, email: 'not-an-email' })).toEqual(['email: The email format is not valid']);
    expect(await fieldsOf({ ...valid, email: `${'a'.repeat(25)}@example.com` })).toEqual([
      'email: The email has at most 32 characters',
    ]);
    expect(await fieldsOf({ ...valid, password: 'abcdef' })).toEqual([
      'password: The password must contain both letters and digits, and only letters and digits',
    ]);
    expect(await fieldsOf({ ...valid, password: 'ab12' })).toEqual(['password: The password length is not allowed']);
    expect(await fieldsOf({ ...valid, password: `a1${'b'.repeat(31)}` })).toEqual([
      'password: The password length is not allowed',
    ]);
    expect(await fieldsOf({ ...valid, mobile: '1380000000' })).toEqual([
      'mobile: The mobile number has exactly 11 digits',
    ]);
    expect(await fieldsOf({ ...valid, code: '12345' })).toEqual(['code: The code has 6 digits']);
    const noAgreement = await call(t.app, '/index/signup', { ...valid, agreement: false });
    expect(noAgreement.body.error).toBe('agreement_required');
  });

  it('sends a code answering the same for a free and a taken address; the taken one is mailed no code', async () => {
    const free = 'someone@new.example.com';
    const taken = 'teacher@demo.example.com';
    const answers = [];
    for (const email of [free, taken]) answers.push(await call(t.app, '/index/signup-code', { email }));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { data: { ok: true, retry_after: 60 } } });
    const again = await call(t.app, '/index/signup-code', { email: 'Teacher@demo.example.com' }, { lang: 'en-US' });
    expect(again.body.message).toMatch(/^Retry after (59|60) seconds$/);

    expect((await lastMailTo(t, free))!.body).toMatch(/^您的注册验证码是 \d{6}，10 分钟内有效/);
    const takenMail = await lastMailTo(t, taken);
    expect(takenMail!.subject).toBe('该邮箱已注册');
    expect(takenMail!.body).not.toMatch(/\d{6}/);
    // Without a code nothing tells the taken address apart: any code is just wrong.
    const onTaken = await call(t.app, '/index/signup', { ...valid, email: taken, site_name: '冒名机构' });
    expect(onTaken.body.error).toBe('email_code_wrong');
  });

  it('creates the organisation with its manager, logged in, with the mailed code (once)', async () => {
    const wrong = await call(t.app, '/index/signup', valid, { lang: 'en-US' });
    expect(wrong.body).toEqual({ error: 'email_code_wrong', message: 'The email code is wrong or has expired' });
    const code = await signupCode(t, valid.email);
    const sameName = await call(t.app, '/index/signup', { ...valid, code, site_name: '示范学院' });
    expect(sameName.body.error).toBe('site_name_taken');
    // The refused name left the code usable.
    const { status, body } = await call(t.app, '/index/signup', { ...valid, code });
    expect(status).toBe(200);
    expect(body.data.site.name).toBe('新机构');
    expect(body.data.userName).toBe('founder@new.example.com');
    const detail = await call(t.app, '/user/detail', {}, { token: body.data.accessToken });
    expect(detail.body.data.user.siteUser.current_role).toBe('role_manager');
    expect(Object.keys(detail.body.data.user.can_change_roles)).toEqual(['role_manager', 'role_teacher']);
    const reused = await call(t.app, '/index/signup', { ...valid, code, site_name: '另一个机构' });
    expect(reused.body.error).toBe('email_code_wrong');
    const sites = await t.deps.db.select().from(schema.sites).where(eq(schema.sites.name, '另一个机构'));
    expect(sites).toHaveLength(0);
  });

  it('says the address is taken only to someone holding its code (an account made meanwhile)', async () => {
    const email = 'late@new.example.com';
    const code = await signupCode(t, email);
    await t.deps.db.update(schema.users).set({ email }).where(eq(schema.users.username, 'student'));
    const late = await call(t.app, '/index/signup', { ...valid, email, code, site_name: '迟到机构' });
    expect(late).toMatchObject({ status: 409, body: { error: 'email_taken' } });
  });

  it('refuses a code after 5 wrong tries', async () => {
    const email = 'guesser@new.example.com';
    const code = await signupCode(t, email);
    const other = code === '000000' ? '111111' : '000000';
    const ip = '10.5.0.1';
    for (let i = 0; i < 5; i++) {
      const guess = await call(t.app, '/index/signup', { ...valid, email, code: other, site_name: '猜码机构' }, { ip });
      expect(guess.body.error).toBe('email_code_wrong');
    }
    const right = await call(t.app, '/index/signup', { ...valid, email, code, site_name: '猜码机构' }, { ip });
    expect(right.body.error).toBe('email_code_wrong');
  });
});
