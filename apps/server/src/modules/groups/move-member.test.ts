import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteIdByName } from '../../testing/sessions.ts';
import { type CallOutput, call, createTestApp, loginAs, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let teacher: string;
let manager: string;
let teamadmin: string;
let student: string;
type Demo = 'teacher' | 'manager' | 'student' | 'teamadmin' | 'annotator' | 'reviewer';
const ids = {} as Record<Demo, number>;
beforeAll(async () => {
  t = await createTestApp();
  teacher = await loginAs(t.app, 'teacher');
  manager = await loginAs(t.app, 'manager');
  teamadmin = await loginAs(t.app, 'teamadmin');
  student = await loginAs(t.app, 'student');
  for (const u of await t.deps.db.select({ id: schema.users.id, username: schema.users.username }).from(schema.users)) {
    ids[u.username as Demo] = u.id;
  }
});
afterAll(() => t.close());

async function ok<P extends ProcedurePath>(token: string, path: P, input: unknown): Promise<CallOutput<P>> {
  const result = await call(t.app, path, input, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const usernamesIn = async (token: string, groupId: number) =>
  (await ok(token, '/group/user-list', { group_id: groupId })).list.map((m) => m.username);

describe('/group/user-update moves one member to another group of the same kind', () => {
  it('moves a student from one class to another (still one class), audited', async () => {
    const a = await ok(teacher, '/group/create', { kind: 'class', name: 'Move A' });
    const b = await ok(teacher, '/group/create', { kind: 'class', name: 'Move B' });
    await ok(teacher, '/group/user-create', { group_id: a.id, user_ids: [ids.student] });
    const moved = await ok(teacher, '/group/user-update', { group_id: a.id, to_group_id: b.id, user_id: ids.student });
    expect(moved).toEqual({ moved: 1, failures: [] });
    expect(await usernamesIn(teacher, a.id)).toEqual([]);
    expect(await usernamesIn(teacher, b.id)).toEqual(['student']);
    const classes = await t.deps.db
      .select({ groupId: schema.groupMembers.groupId })
      .from(schema.groupMembers)
      .innerJoin(schema.siteUsers, eq(schema.siteUsers.id, schema.groupMembers.siteUserId))
      .where(and(eq(schema.siteUsers.userId, ids.student), eq(schema.groupMembers.kind, 'class')));
    expect(classes).toEqual([{ groupId: b.id }]);
    const audit = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.targetType, 'group'), eq(schema.auditLogs.targetId, String(b.id))))
      .orderBy(asc(schema.auditLogs.id));
    expect(audit.at(-1)).toMatchObject({
      action: 'group_transfer',
      details: { user_ids: [ids.student], before: { group_id: a.id }, after: { group_id: b.id } },
    });

    // Not in the group: a failure with its reason, nothing moves.
    const notIn = await ok(teacher, '/group/user-update', { group_id: a.id, to_group_id: b.id, user_id: ids.student });
    expect(notIn).toEqual({ moved: 0, failures: [{ user_id: ids.student, reason: 'not_in_group' }] });
    // The same group, or groups of different kinds: invalid.
    const same = await call(
      t.app,
      '/group/user-update',
      { group_id: b.id, to_group_id: b.id, user_id: ids.student },
      { token: teacher },
    );
    expect(same.body.error).toBe('invalid_input');
    const team = await ok(manager, '/group/create', { kind: 'team', name: 'Move team' });
    const mixed = await call(
      t.app,
      '/group/user-update',
      { group_id: b.id, to_group_id: team.id, user_id: ids.student },
      { token: manager },
    );
    expect(mixed.body.error).toBe('invalid_input');
    // A student may not move people; an unknown group is not found.
    const refused = await call(
      t.app,
      '/group/user-update',
      { group_id: b.id, to_group_id: a.id, user_id: ids.student },
      { token: student },
    );
    expect(refused.body.error).toBe('forbidden');
    const unknown = await call(
      t.app,
      '/group/user-update',
      { group_id: b.id, to_group_id: 99999999, user_id: ids.student },
      { token: teacher },
    );
    expect(unknown.body.error).toBe('not_found');
  });

  it('moves a team member between team groups; a pending or non-team member is refused with the reason', async () => {
    const from = await ok(teamadmin, '/group/create', { kind: 'team', name: 'Team from' });
    const to = await ok(teamadmin, '/group/create', { kind: 'team', name: 'Team to' });
    await ok(teamadmin, '/group/user-create', { group_id: from.id, user_ids: [ids.annotator, ids.reviewer] });
    const siteId = await siteIdByName(t, '示范学院');
    const memberships = await t.deps.db
      .select({ id: schema.siteUsers.id, userId: schema.siteUsers.userId })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.siteId, siteId));
    const of = (userId: number) => memberships.find((m) => m.userId === userId)!.id;
    await t.deps.db.insert(schema.groupMembers).values({ groupId: from.id, siteUserId: of(ids.student), kind: 'team' });
    await t.deps.db
      .update(schema.siteUsers)
      .set({ status: 'pending' })
      .where(eq(schema.siteUsers.id, of(ids.reviewer)));

    const moved = await ok(teamadmin, '/group/user-update', {
      group_id: from.id,
      to_group_id: to.id,
      user_id: ids.annotator,
    });
    expect(moved).toEqual({ moved: 1, failures: [] });
    expect(await usernamesIn(teamadmin, to.id)).toEqual(['annotator']);
    const pending = await ok(teamadmin, '/group/user-update', {
      group_id: from.id,
      to_group_id: to.id,
      user_id: ids.reviewer,
    });
    expect(pending).toEqual({ moved: 0, failures: [{ user_id: ids.reviewer, reason: 'not_activated' }] });
    const notTeam = await ok(teamadmin, '/group/user-update', {
      group_id: from.id,
      to_group_id: to.id,
      user_id: ids.student,
    });
    expect(notTeam).toEqual({ moved: 0, failures: [{ user_id: ids.student, reason: 'not_team_member' }] });
    await t.deps.db
      .update(schema.siteUsers)
      .set({ status: 'active' })
      .where(eq(schema.siteUsers.id, of(ids.reviewer)));
  });
});
