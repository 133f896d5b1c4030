import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const valid = {
  site_name: '新机构',
  email: 'founder@new.example.com',
  password: 'abc123',
  mobile: '13800000000',
  agreement: true,
};

async function fieldsOf(input: Record<string, unknown>) {
  const { status, body } = await call(t.app, '/index/signup', input, { lang: 'en-US' });
  expect(status).toBe(400);
  return (body.details?.fields ?? []).map((f: { field: string; message: string }) => `${f.field}: ${f.message}`);
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
    const noAgreement = await call(t.app, '/index/signup', { ...valid, agreement: false });
    expect(noAgreement.body.error).toBe('agreement_required');
  });

  it('creates the organisation with its manager, logged in, and refuses the same name or email again', async () => {
    const { status, body } = await call(t.app, '/index/signup', valid);
    expect(status).toBe(200);
    expect(body.data.site.name).toBe('新机构');
    expect(body.data.userName).toBe('founder@new.example.com');
    const detail = await call(t.app, '/user/detail', {}, { token: body.data.accessToken });
    expect(detail.body.data.user.siteUser.current_role).toBe('role_manager');
    expect(Object.keys(detail.body.data.user.can_change_roles)).toEqual(['role_manager', 'role_teacher']);
    const sameName = await call(t.app, '/index/signup', { ...valid, email: 'other@new.example.com' });
    expect(sameName.body.error).toBe('site_name_taken');
    const sameEmail = await call(t.app, '/index/signup', { ...valid, site_name: '另一个机构' });
    expect(sameEmail.body.error).toBe('email_taken');
    const sites = await t.deps.db.select().from(schema.sites).where(eq(schema.sites.name, '另一个机构'));
    expect(sites).toHaveLength(0);
  });
});
