import { schema } from '@app/db';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The code in the newest mail to `email`, read from the outbox the way a person reads their inbox. */
async function mailedCode(email: string): Promise<string> {
  const [mail] = await t.deps.db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return /\d{6}/.exec(mail!.body)![0];
}

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

    const code = await mailedCode(email);
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
      'password_wrong',
    );
    expect(await loginAs(t.app, 'student2', 'newpass1')).toBeTruthy();
  });

  it('answers user_not_found for an email nobody has', async () => {
    const result = await call(t.app, '/index/forget-password', { action: 'send_code', email: 'ghost@example.com' });
    expect(result.body.error).toBe('user_not_found');
  });
});
