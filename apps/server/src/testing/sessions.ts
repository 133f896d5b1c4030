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

/** The user id of an organisation's first member (fixtures that need some member). */
export async function firstMemberId(t: TestApp, siteId: number): Promise<number> {
  const [member] = await t.deps.db
    .select({ userId: schema.siteUsers.userId })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.siteId, siteId))
    .limit(1);
  if (!member) throw new Error(`no member in site ${siteId}`);
  return member.userId;
}

/** The ids of the two demo organisations: 示范学院 (`siteId`) and 星河数据 (`otherSiteId`). */
export async function demoSiteIds(t: TestApp): Promise<{ siteId: number; otherSiteId: number }> {
  return { siteId: await siteIdByName(t, '示范学院'), otherSiteId: await siteIdByName(t, '星河数据') };
}
