import { schema } from '@app/db';
import { desc, eq } from 'drizzle-orm';
import { call, type TestApp } from './test-app.ts';

/** The newest mail to `email`, read from the outbox the way a person reads their inbox. */
export async function lastMailTo(t: TestApp, email: string) {
  const [mail] = await t.deps.db
    .select()
    .from(schema.mailOutbox)
    .where(eq(schema.mailOutbox.toAddress, email))
    .orderBy(desc(schema.mailOutbox.id))
    .limit(1);
  return mail;
}

/** The 6-digit code in the newest mail to `email`. */
export async function mailedCode(t: TestApp, email: string): Promise<string> {
  const code = /\b\d{6}\b/.exec((await lastMailTo(t, email))?.body ?? '')?.[0];
  if (!code) throw new Error(`no code was mailed to ${email}`);
  return code;
}

/** Asks for a sign-up code for `email` (captcha off) and answers the code from the mail. */
export async function signupCode(t: TestApp, email: string): Promise<string> {
  const sent = await call(t.app, '/index/signup-code', { email });
  if (sent.status !== 200) throw new Error(`signup code for ${email}: ${JSON.stringify(sent.body)}`);
  return mailedCode(t, email.toLowerCase());
}
