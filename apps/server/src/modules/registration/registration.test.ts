import { randomBytes } from 'node:crypto';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastMailTo, mailedCode, signupCode } from '../../testing/mail.ts';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, invalidFields, type TestApp } from '../../testing/test-app.ts';
import { INVITATION_TTL_MS, REGISTER_LIMIT } from './register-by-invitation.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const { invitations, users, siteUsers, siteUserRoles, auditLogs } = schema;

/** An invitation of the first demo organisation, made directly in the database. */
async function makeInvitation(
  app: TestApp,
  overrides: { status?: 'using' | 'stopped'; expiresAt?: Date; site?: string } = {},
): Promise<string> {
  const token = randomBytes(16).toString('hex');
  await app.deps.db.insert(invitations).values({
    siteId: await siteIdByName(app, overrides.site ?? '示范学院'),
    token,
    status: overrides.status ?? 'using',
    expiresAt: overrides.expiresAt ?? new Date(Date.now() + INVITATION_TTL_MS),
  });
  return token;
}

async function invitationRow(token: string) {
  const [row] = await t.deps.db.select().from(invitations).where(eq(invitations.token, token));
  return row!;
}

let serial = 0;
function person(invitation: string) {
  serial += 1;
  return {
    invitation,
    username: `invited_${serial}`,
    nickname: `Invited ${serial}`,
    email: `invited${serial}@example.com`,
    code: '000000',
    mobile: '13900000000',
    password: 'abc123',
  };
}

/** The person with the code mailed to their address (step 1 of the sign-up). */
async function proven(app: TestApp, input: ReturnType<typeof person>) {
  return { ...input, code: await signupCode(app, input.email) };
}

describe('/invitation/public-info', () => {
  it('answers the organisation, the expiry and usability, and counts each visit', async () => {
    const token = await makeInvitation(t);
    const first = await call(t.app, '/invitation/public-info', { token });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ site: { name: '示范学院' }, usable: true });
    expect(Date.parse(first.body.data.expires_at)).toBeGreaterThan(Date.now());
    const english = await call(t.app, '/invitation/public-info', { token }, { lang: 'en-US' });
    expect(english.body.data.site.name).toBe('Demo Academy');
    expect((await invitationRow(token)).visits).toBe(2);
  });

  it('says a stopped or expired invitation cannot be used', async () => {
    const stopped = await makeInvitation(t, { status: 'stopped' });
    expect((await call(t.app, '/invitation/public-info', { token: stopped })).body.data.usable).toBe(false);
    const expired = await makeInvitation(t, { expiresAt: new Date(Date.now() - 1000) });
    expect((await call(t.app, '/invitation/public-info', { token: expired })).body.data.usable).toBe(false);
  });

  it('answers not_found for an unknown token', async () => {
    const result = await call(t.app, '/invitation/public-info', { token: 'no-such-token' });
    expect(result.status).toBe(404);
    expect(result.body.error).toBe('not_found');
  });
});

describe('/index/register', () => {
  it('creates the account with a pending student membership, counts the sign-up and writes the audit log', async () => {
    const token = await makeInvitation(t);
    const input = await proven(t, person(token));
    const { status, body } = await call(t.app, '/index/register', input, { lang: 'en-US' });
    expect(status).toBe(200);
    expect(body.data).toEqual({ ok: true, pending: true, site_name: 'Demo Academy' });

    const [user] = await t.deps.db.select().from(users).where(eq(users.username, input.username));
    expect(user).toMatchObject({
      nickname: input.nickname,
      email: input.email,
      mobile: input.mobile,
      status: 'active',
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const siteId = await siteIdByName(t, '示范学院');
    const [membership] = await t.deps.db
      .select()
      .from(siteUsers)
      .where(and(eq(siteUsers.userId, user!.id), eq(siteUsers.siteId, siteId)));
    expect(membership).toMatchObject({ status: 'pending', currentRole: 'role_student' });
    const roles = await t.deps.db.select().from(siteUserRoles).where(eq(siteUserRoles.siteUserId, membership!.id));
    expect(roles.map((r) => r.roleKey)).toEqual(['role_student']);
    expect(await invitationRow(token)).toMatchObject({ signups: 1 });
    const audit = await t.deps.db.select().from(auditLogs).where(eq(auditLogs.userId, user!.id));
    expect(audit.map((a) => a.action)).toContain('registered_by_invitation');
  });

  it('a pending member cannot log in until the organisation approves the membership', async () => {
    const input = await proven(t, person(await makeInvitation(t)));
    expect((await call(t.app, '/index/register', input)).status).toBe(200);
    const refused = await call(t.app, '/index/login', { username: input.username, password: input.password });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('no_membership');
    const byEmail = await call(t.app, '/index/login', { username: input.email, password: input.password });
    expect(byEmail.body.error).toBe('no_membership');

    const [user] = await t.deps.db.select().from(users).where(eq(users.username, input.username));
    await t.deps.db.update(siteUsers).set({ status: 'active' }).where(eq(siteUsers.userId, user!.id));
    const approved = await call(t.app, '/index/login', { username: input.username, password: input.password });
    expect(approved.status).toBe(200);
    expect(approved.body.data.site.name).toBe('示范学院');
  });

  it('answers not_found for an unknown invitation', async () => {
    const result = await call(t.app, '/index/register', person('no-such-token'));
    expect(result.status).toBe(404);
    expect(result.body.error).toBe('not_found');
  });

  it('refuses a stopped or expired invitation with invitation_invalid, in the caller language', async () => {
    const stopped = await makeInvitation(t, { status: 'stopped' });
    const onStopped = await call(t.app, '/index/register', person(stopped), { lang: 'en-US' });
    expect(onStopped.status).toBe(400);
    expect(onStopped.body).toMatchObject({
      error: 'invitation_invalid',
      message: 'This invitation link has expired or is no longer in use, please ask for a new one',
    });
    const expired = await makeInvitation(t, { expiresAt: new Date(Date.now() - 1000) });
    const onExpired = await call(t.app, '/index/register', person(expired));
    expect(onExpired.body).toMatchObject({
      error: 'invitation_invalid',
      message: '邀请链接已过期或已停用，请联系管理员重新获取',
    });
    expect((await invitationRow(stopped)).signups).toBe(0);
    expect((await invitationRow(expired)).signups).toBe(0);
  });

  it('checks the mailed code first; a taken username is told to the code holder, whose code stays usable', async () => {
    const token = await makeInvitation(t);
    const input = person(token);
    const wrongCode = await call(t.app, '/index/register', { ...input, username: 'Student' }, { lang: 'en-US' });
    expect(wrongCode.body).toEqual({ error: 'email_code_wrong', message: 'The email code is wrong or has expired' });
    const withCode = await proven(t, input);
    const sameName = await call(t.app, '/index/register', { ...withCode, username: 'Student' });
    expect(sameName).toMatchObject({ status: 409, body: { error: 'username_taken' } });
    expect((await invitationRow(token)).signups).toBe(0);
    expect((await call(t.app, '/index/register', withCode)).status).toBe(200);
    expect((await invitationRow(token)).signups).toBe(1);
  });

  it('does not tell whether an email is taken: its mail has no code, and any code is just wrong', async () => {
    const token = await makeInvitation(t);
    const taken = { ...person(token), email: 'teacher@demo.example.com' };
    const free = person(token);
    const answers = [];
    for (const email of [taken.email, free.email]) answers.push(await call(t.app, '/index/signup-code', { email }));
    expect(answers[0]).toEqual(answers[1]);
    const takenMail = await lastMailTo(t, taken.email);
    expect(takenMail!.body).toContain('已有账号使用这个邮箱');
    expect(takenMail!.body).not.toMatch(/\d{6}/);
    const refused = await call(t.app, '/index/register', { ...taken, code: await mailedCode(t, free.email) });
    expect(refused.body.error).toBe('email_code_wrong');
    expect((await invitationRow(token)).signups).toBe(0);
    const leftovers = await t.deps.db.select().from(users).where(eq(users.username, taken.username));
    expect(leftovers).toHaveLength(0);
  });

  it('checks every field rule of the form', async () => {
    const token = await makeInvitation(t);
    const fieldsOf = async (override: Record<string, unknown>) => {
      const { status, body } = await call(
        t.app,
        '/index/register',
        { ...person(token), ...override },
        { lang: 'en-US' },
      );
      expect(status).toBe(400);
      expect(body.error).toBe('invalid_input');
      return invalidFields(body).map((f) => `${f.field}: ${f.message}`);
    };
    expect(await fieldsOf({ username: 'ab' })).toEqual(['username: too short']);
    expect(await fieldsOf({ username: 'x'.repeat(33) })).toEqual(['username: too long']);
    expect(await fieldsOf({ username: 'bad name!' })).toEqual(['username: invalid value']);
    expect(await fieldsOf({ nickname: ' lead' })).toEqual(['nickname: The nickname cannot start with a space']);
    expect(await fieldsOf({ nickname: 'n'.repeat(21) })).toEqual(['nickname: The nickname has at most 20 characters']);
    expect(await fieldsOf({ email: 'not-an-email' })).toEqual(['email: The email format is not valid']);
    expect(await fieldsOf({ mobile: '1390000000' })).toEqual(['mobile: The mobile number has exactly 11 digits']);
    expect(await fieldsOf({ password: 'abcdef' })).toEqual([
      'password: The password must contain both letters and digits, and only letters and digits',
    ]);
    expect(await fieldsOf({ password: 'ab12' })).toEqual(['password: The password length is not allowed']);
    expect(await fieldsOf({ code: '12a456' })).toEqual(['code: The code has 6 digits']);
    expect((await invitationRow(token)).signups).toBe(0);
  });

  it('limits sign-up attempts per IP', async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < REGISTER_LIMIT.perIp; i++) {
      expect((await call(t.app, '/index/register', person('no-such-token'), { ip })).body.error).toBe('not_found');
    }
    const limited = await call(t.app, '/index/register', person('no-such-token'), { ip });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toBe('too_many_requests');
  });
});

describe('sign-up code with CAPTCHA=on', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await createTestApp({ CAPTCHA: 'on' });
  });
  afterAll(() => c.close());

  async function newCaptcha() {
    const { body } = await call(c.app, '/index/captcha');
    const [row] = await c.deps.db.select().from(schema.captchas).where(eq(schema.captchas.id, body.data.captcha_id));
    return { captcha_id: body.data.captcha_id, answer: row!.answer };
  }

  it('refuses a missing or wrong captcha, mails the code for the right one, and the code signs up', async () => {
    const token = await makeInvitation(c);
    const input = person(token);
    const send = (extra: Record<string, string>) => call(c.app, '/index/signup-code', { email: input.email, ...extra });
    expect((await send({})).body.error).toBe('captcha_wrong');
    const wrong = await newCaptcha();
    expect((await send({ captcha_id: wrong.captcha_id, captcha: 'zzzz' })).body.error).toBe('captcha_wrong');
    expect(await lastMailTo(c, input.email)).toBeUndefined();
    const right = await newCaptcha();
    expect((await send({ captcha_id: right.captcha_id, captcha: right.answer })).status).toBe(200);
    const registered = await call(c.app, '/index/register', { ...input, code: await mailedCode(c, input.email) });
    expect(registered.status).toBe(200);
    const [row] = await c.deps.db.select().from(invitations).where(eq(invitations.token, token));
    expect(row!.signups).toBe(1);
  });
});
