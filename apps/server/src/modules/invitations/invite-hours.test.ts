import { schema } from '@app/db';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

const HOUR = 3600 * 1000;
let t: TestApp;
let manager: string;
let siteId: number;
beforeAll(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
  siteId = await siteIdByName(t, '示范学院');
});
afterAll(() => t.close());

const setPlatformHours = (value: string) =>
  t.deps.db
    .update(schema.settings)
    .set({ value })
    .where(and(eq(schema.settings.key, 'invite_hours'), isNull(schema.settings.siteId)));

async function lastsHours(): Promise<number> {
  const before = Date.now();
  const created = await call(t.app, '/invitation/create', { remarks: 'hours' }, { token: manager });
  expect(created.status).toBe(200);
  return Math.round((Date.parse(created.body.data.expires_at) - before) / HOUR);
}

const formHours = async () => (await call(t.app, '/invitation/form', {}, { token: manager })).body.data.validity_hours;

describe('invitation validity follows the invite_hours setting', () => {
  it('uses 48 h by default and the platform value once changed', async () => {
    expect(await lastsHours()).toBe(48);
    expect(await formHours()).toBe(48);
    await setPlatformHours('24');
    expect(await lastsHours()).toBe(24);
    expect(await formHours()).toBe(24);
  });

  it("prefers the organisation's own value, also when a link is started again and in the invitation mail", async () => {
    const root = await loginAs(t.app, 'root');
    const created = await call(
      t.app,
      '/setting/create',
      { site_id: siteId, name: 'Invitation validity', key: 'invite_hours', value: '72', value_type: 'number' },
      { token: root },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(await lastsHours()).toBe(72);
    const link = (await call(t.app, '/invitation/create', { remarks: 'renew' }, { token: manager })).body.data;
    await call(t.app, '/invitation/stop-using', { id: link.id }, { token: manager });
    const before = Date.now();
    const started = await call(t.app, '/invitation/start-using', { id: link.id }, { token: manager });
    expect(Math.round((Date.parse(started.body.data.expires_at) - before) / HOUR)).toBe(72);
    const sent = await call(
      t.app,
      '/invitation/invite-emails',
      { emails: 'hours-check@example.com' },
      { token: manager, lang: 'en-US' },
    );
    expect(sent.body.data.sent).toEqual(['hours-check@example.com']);
    const [mail] = await t.deps.db
      .select({ body: schema.mailOutbox.body })
      .from(schema.mailOutbox)
      .where(eq(schema.mailOutbox.toAddress, 'hours-check@example.com'));
    expect(mail!.body).toContain('72 hours');
  });

  it('ignores a value that is not a positive number (the platform value, then 48 h, apply)', async () => {
    await t.deps.db
      .update(schema.settings)
      .set({ value: '0' })
      .where(and(eq(schema.settings.key, 'invite_hours'), eq(schema.settings.siteId, siteId)));
    expect(await lastsHours()).toBe(24);
    await setPlatformHours('-5');
    expect(await lastsHours()).toBe(48);
    await setPlatformHours('48');
  });
});
