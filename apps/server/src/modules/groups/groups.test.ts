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
type Demo = 'teacher' | 'manager' | 'student' | 'student2' | 'teamadmin' | 'annotator' | 'reviewer';
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

async function auditOf(id: number) {
  return t.deps.db
    .select()
    .from(schema.auditLogs)
    .where(and(eq(schema.auditLogs.targetType, 'group'), eq(schema.auditLogs.targetId, String(id))))
    .orderBy(asc(schema.auditLogs.id));
}

describe('classes', () => {
  it('creates a class with a join code owned by the teacher, audited; names are 1 to 25 characters', async () => {
    const created = await ok(teacher, '/group/create', { kind: 'class', name: '  Class One  ' });
    expect(created).toMatchObject({
      kind: 'class',
      name: 'Class One',
      status: 'open',
      owner_id: ids.teacher,
      owner_nickname: '李老师',
      member_count: 0,
    });
    expect(created.join_code).toMatch(/^[A-Z2-9]{6}$/);
    const [row] = await t.deps.db.select().from(schema.groups).where(eq(schema.groups.id, created.id));
    expect(row!.siteId).toBe(await siteIdByName(t, '示范学院'));
    const audit = await auditOf(created.id);
    expect(audit[0]).toMatchObject({ action: 'group_create' });
    expect(audit[0]!.details).toMatchObject({ before: null, after: { name: 'Class One', status: 'open' } });

    expect((await ok(teacher, '/group/create', { kind: 'class', name: 'x'.repeat(25) })).name).toHaveLength(25);
    for (const name of ['', '   ', 'x'.repeat(26)]) {
      const refused = await call(t.app, '/group/create', { kind: 'class', name }, { token: teacher });
      expect(refused.body.error).toBe('invalid_input');
    }
  });

  it('a teacher lists and changes only their own classes; the manager sees all', async () => {
    const mine = await ok(teacher, '/group/create', { kind: 'class', name: 'Mine' });
    const managers = await ok(manager, '/group/create', { kind: 'class', name: 'Managers' });
    const teacherList = await ok(teacher, '/group/list', { kind: 'class' });
    expect(teacherList.list.map((g) => g.id)).toContain(mine.id);
    expect(teacherList.list.map((g) => g.id)).not.toContain(managers.id);
    const managerList = await ok(manager, '/group/list', { kind: 'class', keyword: 'Mine' });
    expect(managerList.list.map((g) => g.id)).toContain(mine.id);
    const foreign = await call(t.app, '/group/update', { id: managers.id, name: 'x' }, { token: teacher });
    expect(foreign.body.error).toBe('not_found');
    // A teacher does not manage team groups.
    expect((await call(t.app, '/group/list', { kind: 'team' }, { token: teacher })).body.error).toBe('forbidden');
    expect((await call(t.app, '/group/create', { kind: 'team', name: 'T' }, { token: teacher })).body.error).toBe(
      'forbidden',
    );
    expect((await ok(teacher, '/group/form', {})).kinds).toEqual(['class']);
  });

  it('renames, closes and opens (conflict when already so), audited with before and after', async () => {
    const group = await ok(teacher, '/group/create', { kind: 'class', name: 'Before' });
    expect((await ok(teacher, '/group/update', { id: group.id, name: 'After' })).name).toBe('After');
    expect((await ok(teacher, '/group/close', { id: group.id })).status).toBe('closed');
    expect((await call(t.app, '/group/close', { id: group.id }, { token: teacher })).body.error).toBe('conflict');
    expect((await ok(teacher, '/group/list', { kind: 'class', status: 'closed' })).list[0]?.id).toBe(group.id);
    expect((await ok(teacher, '/group/open', { id: group.id })).status).toBe('open');
    const audit = await auditOf(group.id);
    expect(audit.map((a) => a.action)).toEqual(['group_create', 'group_update', 'group_close', 'group_open']);
    expect(audit[1]!.details).toMatchObject({ before: { name: 'Before' }, after: { name: 'After' } });
  });

  it('a student joins one class only: by code, by a teacher adding them; a class with students is closed, not deleted', async () => {
    const first = await ok(teacher, '/group/create', { kind: 'class', name: 'First' });
    const second = await ok(teacher, '/group/create', { kind: 'class', name: 'Second' });
    const joined = await ok(student, '/group/join-by-code', { code: first.join_code!.toLowerCase() });
    expect(joined).toEqual({ id: first.id, name: 'First' });
    // Joining the same class again is harmless.
    await ok(student, '/group/join-by-code', { code: first.join_code });
    const other = await call(t.app, '/group/join-by-code', { code: second.join_code }, { token: student });
    expect(other.status).toBe(409);
    expect(other.body.error).toBe('already_in_class');
    const added = await call(
      t.app,
      '/group/user-create',
      { group_id: second.id, user_ids: [ids.student] },
      { token: teacher },
    );
    expect(added.body.error).toBe('already_in_class');
    expect(added.body.details).toHaveProperty('users', [
      { user_id: ids.student, nickname: '张同学', class_name: 'First' },
    ]);
    expect((await call(t.app, '/group/join-by-code', { code: 'ZZZZZZ' }, { token: student })).body.error).toBe(
      'not_found',
    );

    const candidates = await ok(teacher, '/group/user-candidates', { group_id: second.id, keyword: 'stud' });
    expect(candidates.list).toEqual([
      { user_id: ids.student, username: 'student', nickname: '张同学', class_name: 'First' },
    ]);
    expect((await ok(teacher, '/group/user-candidates', { group_id: first.id, keyword: 'stud' })).list).toEqual([]);

    const members = await ok(teacher, '/group/user-list', { group_id: first.id });
    expect(members.list.map((m) => m.username)).toEqual(['student']);
    expect((await ok(teacher, '/group/detail', { id: first.id })).member_count).toBe(1);

    const refused = await call(t.app, '/group/delete', { id: first.id }, { token: teacher });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('class_not_empty');
    await ok(teacher, '/group/close', { id: first.id });
    expect((await ok(teacher, '/group/detail', { id: first.id })).status).toBe('closed');

    // A closed class cannot be joined; an empty one can be deleted.
    await ok(teacher, '/group/close', { id: second.id });
    await ok(teacher, '/group/user-delete', { group_id: first.id, user_ids: [ids.student] });
    expect((await call(t.app, '/group/join-by-code', { code: second.join_code }, { token: student })).body.error).toBe(
      'group_closed',
    );
    await ok(teacher, '/group/open', { id: second.id });
    await ok(teacher, '/group/user-create', { group_id: second.id, user_ids: [ids.student] });
    await ok(teacher, '/group/delete', { id: first.id });
    expect((await call(t.app, '/group/detail', { id: first.id }, { token: teacher })).body.error).toBe('not_found');
    expect((await auditOf(first.id)).at(-1)).toMatchObject({ action: 'group_delete' });
    await ok(teacher, '/group/user-delete', { group_id: second.id, user_ids: [ids.student] });
  });

  it('the database keeps a membership in one class even when the service is bypassed', async () => {
    const a = await ok(teacher, '/group/create', { kind: 'class', name: 'DB A' });
    const b = await ok(teacher, '/group/create', { kind: 'class', name: 'DB B' });
    const [membership] = await t.deps.db
      .select({ id: schema.siteUsers.id })
      .from(schema.siteUsers)
      .where(
        and(eq(schema.siteUsers.userId, ids.teacher), eq(schema.siteUsers.siteId, await siteIdByName(t, '示范学院'))),
      );
    await t.deps.db.insert(schema.groupMembers).values({ groupId: a.id, siteUserId: membership!.id, kind: 'class' });
    await expect(
      t.deps.db.insert(schema.groupMembers).values({ groupId: b.id, siteUserId: membership!.id, kind: 'class' }),
    ).rejects.toThrow();
    await t.deps.db.delete(schema.groupMembers).where(eq(schema.groupMembers.groupId, a.id));
  });
});

describe('team groups', () => {
  it('are managed by the team administrator; transfer moves team members and lists the others with reasons', async () => {
    expect((await call(t.app, '/group/list', { kind: 'class' }, { token: teamadmin })).body.error).toBe('forbidden');
    for (const name of ['', 'x'.repeat(26)]) {
      expect((await call(t.app, '/group/create', { kind: 'team', name }, { token: teamadmin })).body.error).toBe(
        'invalid_input',
      );
    }
    const from = await ok(teamadmin, '/group/create', { kind: 'team', name: 'From' });
    const to = await ok(teamadmin, '/group/create', { kind: 'team', name: 'To' });
    expect(from.join_code).toBeNull();

    // A pending team member.
    const siteId = await siteIdByName(t, '示范学院');
    await t.deps.db
      .update(schema.siteUsers)
      .set({ status: 'pending' })
      .where(and(eq(schema.siteUsers.userId, ids.reviewer), eq(schema.siteUsers.siteId, siteId)));

    const added = await ok(teamadmin, '/group/user-create', {
      group_id: from.id,
      user_ids: [ids.annotator, ids.teamadmin, ids.student, ids.reviewer],
    });
    expect(added.added).toBe(2);
    expect(added.failures).toEqual([
      { user_id: ids.student, reason: 'not_team_member' },
      { user_id: ids.reviewer, reason: 'not_activated' },
    ]);
    // Put the pending member and a non-team member in directly, as if their state changed after joining.
    const memberships = await t.deps.db
      .select({ id: schema.siteUsers.id, userId: schema.siteUsers.userId })
      .from(schema.siteUsers)
      .where(eq(schema.siteUsers.siteId, siteId));
    const of = (userId: number) => memberships.find((m) => m.userId === userId)!.id;
    await t.deps.db.insert(schema.groupMembers).values([
      { groupId: from.id, siteUserId: of(ids.reviewer), kind: 'team' },
      { groupId: from.id, siteUserId: of(ids.student), kind: 'team' },
    ]);

    const moved = await ok(manager, '/group/transfer', {
      from_group_id: from.id,
      to_group_id: to.id,
      user_ids: [ids.annotator, ids.reviewer, ids.student, ids.teacher],
    });
    expect(moved.moved).toBe(1);
    expect(moved.failures).toEqual(
      [
        { user_id: ids.teacher, reason: 'not_in_group' },
        { user_id: ids.reviewer, reason: 'not_activated' },
        { user_id: ids.student, reason: 'not_team_member' },
      ].sort((a, b) => of(a.user_id) - of(b.user_id)),
    );
    const inTo = await ok(teamadmin, '/group/user-list', { group_id: to.id });
    expect(inTo.list.map((m) => m.username)).toEqual(['annotator']);
    const inFrom = await ok(teamadmin, '/group/user-list', { group_id: from.id });
    expect(inFrom.list.map((m) => m.username).sort()).toEqual(['reviewer', 'student', 'teamadmin']);
    expect((await auditOf(to.id)).at(-1)).toMatchObject({ action: 'group_transfer' });

    // Transfer is between team groups only; a team group with members can be deleted.
    const aClass = await ok(manager, '/group/create', { kind: 'class', name: 'A class' });
    const wrong = await call(
      t.app,
      '/group/transfer',
      { from_group_id: from.id, to_group_id: aClass.id, user_ids: [ids.teamadmin] },
      { token: manager },
    );
    expect(wrong.body.error).toBe('invalid_input');
    await ok(teamadmin, '/group/delete', { id: from.id });
    await t.deps.db
      .update(schema.siteUsers)
      .set({ status: 'active' })
      .where(and(eq(schema.siteUsers.userId, ids.reviewer), eq(schema.siteUsers.siteId, siteId)));
  });

  it("another organisation's member cannot be added", async () => {
    const group = await ok(teamadmin, '/group/create', { kind: 'team', name: 'Closed world' });
    const result = await call(
      t.app,
      '/group/user-create',
      { group_id: group.id, user_ids: [ids.student2] },
      { token: teamadmin },
    );
    expect(result.body.error).toBe('not_found');
  });
});

describe('user tags', () => {
  it('creates, renames, sets and deletes tags; names are 1 to 255 characters and unique', async () => {
    const tag = await ok(teamadmin, '/user/tag-create', { name: 'x'.repeat(255) });
    expect(tag.name).toHaveLength(255);
    for (const name of ['', 'x'.repeat(256)]) {
      expect((await call(t.app, '/user/tag-create', { name }, { token: teamadmin })).body.error).toBe('invalid_input');
    }
    expect((await call(t.app, '/user/tag-create', { name: 'x'.repeat(255) }, { token: teamadmin })).body.error).toBe(
      'conflict',
    );
    const fast = await ok(teamadmin, '/user/tag-create', { name: 'Fast' });
    const renamed = await ok(teamadmin, '/user/tag-update', { id: tag.id, name: 'Careful' });
    expect(renamed.name).toBe('Careful');
    await ok(teamadmin, '/user/tag-set', { user_ids: [ids.annotator, ids.reviewer], tag_ids: [tag.id, fast.id] });
    await ok(teamadmin, '/user/tag-set', { user_ids: [ids.reviewer], tag_ids: [fast.id] });
    const list = (await ok(teamadmin, '/user/tags', {})).list;
    expect(list.map((t) => [t.name, t.user_count])).toEqual([
      ['Careful', 1],
      ['Fast', 2],
    ]);
    await ok(teamadmin, '/user/tag-delete', { id: fast.id });
    expect((await ok(teamadmin, '/user/tags', {})).list).toHaveLength(1);
    const audit = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(eq(schema.auditLogs.action, 'tag_set'))
      .orderBy(asc(schema.auditLogs.id));
    expect(audit.at(-1)!.details).toMatchObject({ before: { tag_ids: [tag.id, fast.id].sort((a, b) => a - b) } });
    expect((await call(t.app, '/user/tags', {}, { token: teacher })).body.error).toBe('forbidden');
  });
});
