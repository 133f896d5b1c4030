import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { createSession } from '../platform/session.ts';
import type { TestApp } from './test-app.ts';

/** A session for a demo user made directly in the database (no password hashing): fast for generated tests. */
export async function sessionFor(t: TestApp, username: string): Promise<string> {
  const [user] = await t.deps.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.username, username));
  if (!user) throw new Error(`no user ${username}`);
  return createSession(t.deps.db, user.id, { ip: '127.0.0.1', userAgent: 'test' });
}

/** The id of a demo organisation by its Chinese name. */
export async function siteIdByName(t: TestApp, name: string): Promise<number> {
  const [site] = await t.deps.db.select({ id: schema.sites.id }).from(schema.sites).where(eq(schema.sites.name, name));
  if (!site) throw new Error(`no site ${name}`);
  return site.id;
}
