import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('/system/ali-stat answers the usage of the services this deployment runs itself', () => {
  it('counts stored files and bytes per top folder, the mail outbox by status and open websockets', async () => {
    await t.deps.storage.saveFile('avatars/1/a.png', new Uint8Array(10));
    await t.deps.storage.saveFile('avatars/2/b.png', new Uint8Array(5));
    await t.deps.storage.saveFile('logos/site.png', new Uint8Array(100));
    await t.deps.db.insert(schema.mailOutbox).values([
      { toAddress: 'a@example.com', subject: 's', body: 'b' },
      { toAddress: 'b@example.com', subject: 's', body: 'b', status: 'sent' },
    ]);
    const root = await loginAs(t.app, 'root');
    const answer = await call(t.app, '/system/ali-stat', {}, { token: root });
    expect(answer.status).toBe(200);
    const data = answer.body.data;
    expect(data.provider).toBe('local');
    expect(data.storage.kind).toBe('local');
    expect(data.storage.folders).toEqual(
      expect.arrayContaining([
        { folder: 'logos', files: 1, bytes: 100 },
        { folder: 'avatars', files: 2, bytes: 15 },
      ]),
    );
    const logos = data.storage.folders.findIndex((f) => f.folder === 'logos');
    const avatars = data.storage.folders.findIndex((f) => f.folder === 'avatars');
    expect(logos).toBeLessThan(avatars);
    expect(data.storage.files).toBeGreaterThanOrEqual(3);
    expect(data.storage.bytes).toBeGreaterThanOrEqual(115);
    const mail = Object.fromEntries(data.mail.map((m) => [m.status, m.count]));
    expect(mail.pending).toBeGreaterThanOrEqual(1);
    expect(mail.sent).toBeGreaterThanOrEqual(1);
    expect(data.websocket).toEqual({ users: expect.any(Number), sockets: expect.any(Number) });
    expect(Date.parse(data.measured_at)).not.toBeNaN();
  });

  it('is open to the platform operator and closed to an organisation manager', async () => {
    const operator = await loginAs(t.app, 'operator');
    expect((await call(t.app, '/system/ali-stat', {}, { token: operator })).status).toBe(200);
    const manager = await loginAs(t.app, 'manager');
    expect((await call(t.app, '/system/ali-stat', {}, { token: manager })).body.error).toBe('forbidden');
  });
});
