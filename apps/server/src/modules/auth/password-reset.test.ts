import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, mailedCode } from '../../testing/mail.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/index/forget-password', () => {
  const email = 'student2@demo.example.com';

  it('mails a code, refuses a second request within 60 s, and resets the password with the code once', async () => {
    const oldToken = await loginAs(t.app, 'student2');
    const sent = await call(t.app, '/index/forget-password', { action: 'send_code', email }, { lang: 'en-US' });
    expect(sent.body.data).toEqual({ ok: true, retry_after: 60 });
    await t.deps.mailer.flush();
    const [mail] = await t.deps.db.select().from(schema.mailOutbox).where(eq(schema.mailOutbox.toAddress, email));
    expect(mail).toMatchObject({ subject: 'Your password reset code', status: 'logged' });

    const again = await call(t.app, '/index/forget-password', { action: 'send_code', email }, { lang: 'en-US' });
    expect(again.body.error).toBe('email_code_retry_later');
    expect(again.body.message).toMatch(/^Retry after (59|60) seconds$/);

    const code = await mailedCode(t, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await call(t.app, '/index/forget-password', {
      action: 'reset',
      email,
      code: wrongCode,
      password: 'newpass1',
    });
    expect(wrong.body.error).toBe('email_code_wrong');
    const weak = await call(t.app, '/index/forget-password', { action: 'reset', email, code, password: 'onlyletters' });
    expect(weak.body.error).toBe('invalid_input');
    const reset = await call(t.app, '/index/forget-password', { action: 'reset', email, code, password: 'newpass1' });
    expect(reset.body.data).toEqual({ ok: true });
    const reuse = await call(t.app, '/index/forget-password', { action: 'reset', email, code, password: 'newpass2' });
    expect(reuse.body.error).toBe('email_code_wrong');

    expect((await call(t.app, '/user/detail', {}, { token: oldToken })).body.error).toBe('auth_fail');
    expect((await call(t.app, '/index/login', { username: 'student2', password: 'Demo1234' })).body.error).toBe(
      'login_failed',
    );
    expect(await loginAs(t.app, 'student2', 'newpass1')).toBeTruthy();
  });

  it('answers an address no account has exactly like a known one; its mail carries no code', async () => {
    const known = 'teacher@demo.example.com';
    const ghost = 'ghost@example.com';
    const answers = [];
    for (const email of [known, ghost]) {
      answers.push(await call(t.app, '/index/forget-password', { action: 'send_code', email }, { lang: 'en-US' }));
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[0]).toEqual({ status: 200, body: { data: { ok: true, retry_after: 60 } } });
    const again = await call(t.app, '/index/forget-password', { action: 'send_code', email: ghost }, { lang: 'en-US' });
    expect(again.body.error).toBe('email_code_retry_later');

    expect(await lastMailTo(t, known)).toMatchObject({ subject: 'Your password reset code' });
    const ghostMail = await lastMailTo(t, ghost);
    expect(ghostMail).toMatchObject({ subject: 'Password reset request' });
    expect(ghostMail!.body).toContain('no account uses this address');
    expect(ghostMail!.body).not.toMatch(/\d{6}/);

    const reset = { action: 'reset', email: ghost, password: 'newpass1' };
    for (const code of ['000000', '123456']) {
      expect((await call(t.app, '/index/forget-password', { ...reset, code })).body.error).toBe('email_code_wrong');
    }
    const [row] = await t.deps.db
      .select()
      .from(schema.emailCodes)
      .where(and(eq(schema.emailCodes.email, ghost), eq(schema.emailCodes.purpose, 'reset_password')));
    expect(row!.attempts).toBe(2);
  });
});
