import type { ProcedurePath } from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freshMember, groupOf } from '../../testing/audiences.ts';
import { examCategory, examQuestions } from '../../testing/exams.ts';
import { demoSiteIds, sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** Choosing an exam's audience: the picker, saving, the detail, publishing checks. */
let t: TestApp;
let siteId: number;
let otherSiteId: number;
let teacher: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
  teacher = await sessionFor(t, 'teacher');
});
afterAll(() => t.close());

const hour = 3600_000;
const api = <P extends ProcedurePath>(path: P, body: Record<string, unknown>, lang?: string) =>
  call(t.app, path, body, { token: teacher, lang });

async function examInput(over: Record<string, unknown> = {}) {
  return {
    name: `对象-${Math.random().toString(36).slice(2, 8)}`,
    question_ids: await examQuestions(t, siteId, await examCategory(t, siteId), 1),
    pass_score: 60,
    duration_seconds: 600,
    window_start: new Date(Date.now() - hour).toISOString(),
    window_end: new Date(Date.now() + hour).toISOString(),
    ...over,
  };
}

describe('the audience of an exam', () => {
  it('is every student unless chosen; the detail names what was chosen and counts the people it reaches', async () => {
    const plain = await api('/dataset-examine/create', await examInput());
    expect(plain.body.data.audience).toMatchObject({ mode: 'students', groups: [], users: [] });
    expect(plain.body.data.audience.people).toBeGreaterThan(0);

    const [s1, s2, worker] = [
      await freshMember(t, siteId, 'role_student'),
      await freshMember(t, siteId, 'role_student'),
      await freshMember(t, siteId, 'role_team_operator'),
    ];
    const classA = await groupOf(t, siteId, 'class', [s1, s2]);
    const team = await groupOf(t, siteId, 'team', [worker]);
    // s1 is named and in class A: each person counts once. The team's worker cannot take exams: not reached.
    const chosen = { audience: 'chosen', audience_group_ids: [classA, team], audience_user_ids: [s1.id] };
    const created = await api('/dataset-examine/create', await examInput(chosen));
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const audience = created.body.data.audience;
    expect(audience.mode).toBe('chosen');
    expect(audience.groups.map((g) => [g.id, g.kind, g.member_count])).toEqual([
      [classA, 'class', 2],
      [team, 'team', 1],
    ]);
    expect(audience.users.map((u) => u.username)).toEqual([s1.username]);
    expect(audience.people).toBe(2);
    expect((await api('/audience/count', { subject: 'exam', ...chosen })).body.data).toEqual({ people: 2 });

    const stored = await t.deps.db
      .select()
      .from(schema.audienceEntries)
      .where(eq(schema.audienceEntries.examId, created.body.data.id));
    expect(stored).toHaveLength(3);
    // Back to all students: the chosen rows go.
    const back = await api('/dataset-examine/update', {
      id: created.body.data.id,
      ...(await examInput()),
      audience: 'students',
    });
    expect(back.body.data.audience).toMatchObject({ mode: 'students', groups: [], users: [] });
    const left = await t.deps.db
      .select()
      .from(schema.audienceEntries)
      .where(eq(schema.audienceEntries.examId, created.body.data.id));
    expect(left).toEqual([]);
  });

  it('refuses to publish a chosen audience naming nobody, in both languages, and the draft stays', async () => {
    const draft = await api('/dataset-examine/create', await examInput({ audience: 'chosen' }));
    expect(draft.status).toBe(200);
    const refused = await api('/dataset-examine/publish', { id: draft.body.data.id });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('audience_empty');
    expect(refused.body.message).toBe('指定参加对象时，请至少选择一个班级、团队分组或成员');
    const english = await api('/dataset-examine/publish', { id: draft.body.data.id }, 'en-US');
    expect(english.body.message).toBe('A chosen audience needs at least one class, team group or member');
    const detail = await api('/dataset-examine/detail', { id: draft.body.data.id });
    expect(detail.body.data.status).toBe('draft');

    // A published exam cannot be narrowed to nobody either.
    const published = await api('/dataset-examine/create', await examInput());
    await api('/dataset-examine/publish', { id: published.body.data.id });
    const emptied = await api('/dataset-examine/update', {
      id: published.body.data.id,
      ...(await examInput()),
      audience: 'chosen',
    });
    expect(emptied.body.error).toBe('audience_empty');
    expect((await api('/dataset-examine/detail', { id: published.body.data.id })).body.data.audience.mode).toBe(
      'students',
    );
  });

  it("takes only the organisation's groups and active members (not_found otherwise)", async () => {
    const foreignClass = await groupOf(t, otherSiteId, 'class', []);
    const outsider = await freshMember(t, otherSiteId, 'role_student');
    for (const chosen of [{ audience_group_ids: [foreignClass] }, { audience_user_ids: [outsider.id] }]) {
      const created = await api('/dataset-examine/create', await examInput({ audience: 'chosen', ...chosen }));
      expect(created.status).toBe(404);
      expect(created.body.error).toBe('not_found');
      const counted = await api('/audience/count', { subject: 'exam', audience: 'chosen', ...chosen });
      expect(counted.body.error).toBe('not_found');
    }
    const refused = await call(t.app, '/dataset-examine/create', await examInput({ audience: 'everyone' }), {
      token: teacher,
    });
    expect(refused.body.error).toBe('invalid_input');
  });
});

describe('the picker', () => {
  it('lists the classes and team groups with their counts, and offers the members who may take part', async () => {
    const worker = await freshMember(t, siteId, 'role_team_operator');
    const team = await groupOf(t, siteId, 'team', [worker]);
    const otherSite = await groupOf(t, otherSiteId, 'team', []);
    const groups = (await api('/audience/groups', {})).body.data.list;
    expect(groups).toContainEqual({
      id: team,
      kind: 'team',
      name: expect.any(String),
      status: 'open',
      member_count: 1,
    });
    expect(groups.map((g) => g.id)).not.toContain(otherSite);
    const learner = await freshMember(t, siteId, 'role_student');
    const offered = async (subject: string, keyword: string) =>
      (await api('/audience/members', { subject, keyword })).body.data.list.map((m) => m.id);
    expect((await api('/audience/members', { subject: 'exam', keyword: learner.username })).body.data.list).toEqual([
      { id: learner.id, username: learner.username, nickname: learner.username, roles: ['role_student'] },
    ]);
    // A team operator may neither take exams nor practise: never offered.
    expect(await offered('exam', worker.username)).toEqual([]);
    expect(await offered('practice_set', worker.username)).toEqual([]);
    // student2 is a member of the other organisation only.
    expect(await offered('exam', 'student2')).toEqual([]);
  });

  it('refuses a member named one by one whose roles cannot take exams, naming them, and saves nothing', async () => {
    const worker = await freshMember(t, siteId, 'role_team_operator');
    const chosen = { audience: 'chosen', audience_user_ids: [worker.id] };
    for (const lang of ['zh-CN', 'en-US']) {
      const refused = await call(t.app, '/dataset-examine/create', await examInput(chosen), { token: teacher, lang });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('audience_member_unfit');
      expect(refused.body.message).toContain(worker.username);
    }
    const counted = await api('/audience/count', { subject: 'exam', ...chosen });
    expect(counted.body.error).toBe('audience_member_unfit');
  });
});
