import { schema } from '@app/db';
import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';
import { parseEmailList } from './invite-emails.service.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = await loginAs(t.app, 'manager');
});
afterAll(() => t.close());

const { mailOutbox, invitations, auditLogs } = schema;

/** Mails to `addresses`, read from the outbox the way a person reads their inbox. */
async function mailsTo(addresses: string[]) {
  return t.deps.db
    .select()
    .from(mailOutbox)
    .where(inArray(mailOutbox.toAddress, addresses))
    .orderBy(asc(mailOutbox.id));
}

describe('/invitation/invite-emails', () => {
  it('mails a fresh link to each new address and reports bad formats, existing and repeated addresses', async () => {
    const emails = [
      'alice@example.com',
      '  Bob@Example.com  ',
      'not-an-email',
      '',
      'student@demo.example.com',
      'ALICE@example.com',
      'student2@demo.example.com',
      `${'x'.repeat(30)}@example.com`,
      'carol@example',
      'bob@example.com',
    ].join('\r\n');
    const { status, body } = await call(
      t.app,
      '/invitation/invite-emails',
      { emails },
      { token: manager, lang: 'en-US' },
    );
    expect(status).toBe(200);
    expect(body.data).toEqual({
      sent: ['alice@example.com', 'Bob@Example.com'],
      failures: [
        { line: 3, email: 'not-an-email', reason: 'format' },
        { line: 5, email: 'student@demo.example.com', reason: 'exists' },
        { line: 6, email: 'ALICE@example.com', reason: 'duplicate' },
        { line: 7, email: 'student2@demo.example.com', reason: 'exists' },
        { line: 8, email: `${'x'.repeat(30)}@example.com`, reason: 'format' },
        { line: 9, email: 'carol@example', reason: 'format' },
        { line: 10, email: 'bob@example.com', reason: 'duplicate' },
      ],
    });

    const mails = await mailsTo(['alice@example.com', 'bob@example.com', 'student@demo.example.com']);
    expect(mails.map((m) => m.toAddress)).toEqual(['alice@example.com', 'bob@example.com']);
    expect(mails[0]!.subject).toBe('Invitation to join Demo Academy');
    const links = mails.map((m) => /https?:\/\/\S+\/register\/([A-Za-z0-9_-]+)/.exec(m.body)?.[1]);
    expect(links.every(Boolean)).toBe(true);
    expect(links[0]).not.toBe(links[1]);
    expect(mails[0]!.body).toContain('王校长');
    expect(mails[0]!.body).toContain('48 hours');

    // Each link is an invitation of the organisation, in use, its remarks the address; a person can sign up.
    const rows = await t.deps.db
      .select()
      .from(invitations)
      .where(inArray(invitations.token, links as string[]))
      .orderBy(asc(invitations.id));
    const siteId = await siteIdByName(t, '示范学院');
    expect(rows.map((r) => [r.remarks, r.status, r.siteId])).toEqual([
      ['alice@example.com', 'using', siteId],
      ['bob@example.com', 'using', siteId],
    ]);
    const info = await call(t.app, '/invitation/public-info', { token: links[0] });
    expect(info.body.data).toMatchObject({ usable: true, site: { name: '示范学院' } });
    const audit = await t.deps.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, 'invitation_invite_email'))
      .orderBy(asc(auditLogs.id));
    expect(audit.map((a) => (a.details as { email: string }).email)).toEqual(['alice@example.com', 'bob@example.com']);
  });

  it('writes the mail in the caller language', async () => {
    await call(t.app, '/invitation/invite-emails', { emails: 'dora@example.com' }, { token: manager });
    const [mail] = await mailsTo(['dora@example.com']);
    expect(mail!.subject).toBe('邀请您加入「示范学院」');
    expect(mail!.body).toContain('48 小时');
  });

  it('with no valid address sends nothing', async () => {
    const before = (await t.deps.db.select().from(mailOutbox)).length;
    const { body } = await call(
      t.app,
      '/invitation/invite-emails',
      { emails: 'manager@demo.example.com\nwrong' },
      { token: manager },
    );
    expect(body.data).toEqual({
      sent: [],
      failures: [
        { line: 1, email: 'manager@demo.example.com', reason: 'exists' },
        { line: 2, email: 'wrong', reason: 'format' },
      ],
    });
    expect((await t.deps.db.select().from(mailOutbox)).length).toBe(before);
  });

  it('refuses an empty list and more than 200 lines', async () => {
    const empty = await call(t.app, '/invitation/invite-emails', { emails: ' \n \n' }, { token: manager });
    expect(empty.body.error).toBe('invalid_input');
    const lines = Array.from({ length: 201 }, (_, i) => `p${i}@example.com`).join('\n');
    const tooMany = await call(t.app, '/invitation/invite-emails', { emails: lines }, { token: manager });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('invalid_input');
    expect((await mailsTo(['p0@example.com'])).length).toBe(0);
    const exactly = Array.from({ length: 200 }, (_, i) => `q${i}@example.com`).join('\n');
    const accepted = await call(t.app, '/invitation/invite-emails', { emails: exactly }, { token: manager });
    expect(accepted.body.data.sent).toHaveLength(200);
  });

  it('parses lines: blank lines skipped, numbered from 1, duplicates compared without case', () => {
    expect(parseEmailList('\na@b.cn\n\nA@B.CN \n bad')).toEqual({
      candidates: [{ line: 2, email: 'a@b.cn' }],
      failures: [
        { line: 4, email: 'A@B.CN', reason: 'duplicate' },
        { line: 5, email: 'bad', reason: 'format' },
      ],
    });
  });
});
