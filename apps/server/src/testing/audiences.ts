import { schema } from '@app/db';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { sessionFor } from './sessions.ts';
import type { TestApp } from './test-app.ts';

export interface FreshMember {
  id: number;
  siteUserId: number;
  username: string;
  token: string;
}

/** A fresh active member of the organisation with one role, working there (the session is made directly). */
export async function freshMember(t: TestApp, siteId: number, role: string): Promise<FreshMember> {
  const username = `m_${fixtureTag()}`;
  const id = await insertId(t, schema.users, {
    username,
    nickname: username,
    passwordHash: 'x',
    currentSiteId: siteId,
  });
  const siteUserId = await insertId(t, schema.siteUsers, { siteId, userId: id, currentRole: role });
  await t.deps.db.insert(schema.siteUserRoles).values({ siteUserId, siteId, roleKey: role });
  return { id, siteUserId, username, token: await sessionFor(t, username) };
}

/** A class or team group of the organisation, made directly, with these members. */
export async function groupOf(
  t: TestApp,
  siteId: number,
  kind: 'class' | 'team',
  members: readonly FreshMember[],
): Promise<number> {
  const groupId = await insertId(t, schema.groups, { siteId, kind, name: `${kind} ${fixtureTag()}` });
  for (const member of members) await joinGroup(t, groupId, kind, member);
  return groupId;
}

/** Puts a member in a group (a student joining a class later). */
export async function joinGroup(t: TestApp, groupId: number, kind: 'class' | 'team', member: FreshMember) {
  await t.deps.db.insert(schema.groupMembers).values({ groupId, siteUserId: member.siteUserId, kind });
}
