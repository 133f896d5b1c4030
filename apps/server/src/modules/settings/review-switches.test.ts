import { schema } from '@app/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok, userIdOf, walkWizard } from '../../testing/project-wizard.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

/** The review gates an organisation may turn off (/site/my-reviews): question review; the project audit if allowed. */
let t: TestApp;
let manager: string;
let teacher: string;
let producer: string;
let operator: string;
let manager2: string;
let siteId: number;
let otherSiteId: number;
const unique = () => Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  t = await createTestApp();
  manager = await sessionFor(t, 'manager');
  teacher = await sessionFor(t, 'teacher');
  producer = await sessionFor(t, 'producer');
  operator = await sessionFor(t, 'operator');
  manager2 = await sessionFor(t, 'manager2');
  siteId = await siteIdByName(t, '示范学院');
  otherSiteId = await siteIdByName(t, '星河数据');
});
afterAll(() => t.close());

/** A passed question category of the organisation, made in the database. */
async function passedCategory(site: number): Promise<number> {
  const [row] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId: site, name: `cat ${unique()}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  return row!.id;
}

const question = (categoryId: number) => ({
  category_id: categoryId,
  type: 'judge',
  stem: `<p>Is ${unique()} a word?</p>`,
  options: [
    { content: '对', correct: true },
    { content: '错', correct: false },
  ],
});

async function createQuestion(token: string, categoryId: number) {
  return (await ok(t, token, '/dataset-data/create', question(categoryId))).question;
}

async function setPlatformSetting(key: string, value: string) {
  const list = await ok(t, operator, '/setting/list', { site_id: null, keyword: key, pageSize: 50 });
  const row = list.list.find((r) => r.key === key);
  await ok(t, operator, '/setting/update', { ...row, value });
}

describe('question review switch', () => {
  it("on by default: a teacher's new question waits for review", async () => {
    expect(await ok(t, manager, '/site/my-reviews', {})).toEqual({
      question_review: true,
      project_audit: true,
      project_audit_optional: false,
    });
    const categoryId = await passedCategory(siteId);
    expect((await createQuestion(teacher, categoryId)).review_status).toBe('unreviewed');
    const proposed = await ok(t, teacher, '/dataset-category/create', { name: `提议-${unique()}` });
    expect(proposed.review_status).toBe('unreviewed');
  });

  it('off: new and edited questions and proposed categories pass at once, recorded as passed by the system', async () => {
    const saved = await ok(t, manager, '/site/my-reviews-update', { question_review: false });
    expect(saved).toMatchObject({ question_review: false, project_audit: true });
    const categoryId = await passedCategory(siteId);
    const created = await createQuestion(teacher, categoryId);
    expect(created.review_status).toBe('passed');
    const records = await ok(t, teacher, '/dataset-data/records', { id: created.id });
    expect(records.list.map((r) => [r.action, r.user_name])).toEqual([
      ['review_auto', null],
      ['create', '李老师'],
    ]);
    const edited = await ok(t, teacher, '/dataset-data/update', { id: created.id, ...question(categoryId) });
    expect(edited.question).toMatchObject({ review_status: 'passed', version: 2, reviewed_by_name: null });
    const proposed = await ok(t, teacher, '/dataset-category/create', { name: `提议-${unique()}` });
    expect(proposed.review_status).toBe('passed');
    const [line] = await t.deps.db
      .select()
      .from(schema.auditLogs)
      .where(and(eq(schema.auditLogs.action, 'review_switches_update'), eq(schema.auditLogs.siteId, siteId)))
      .orderBy(desc(schema.auditLogs.id))
      .limit(1);
    expect(line!.details).toMatchObject({ before: { question_review: true }, after: { question_review: false } });
  });

  it("another organisation's switch does not change this one", async () => {
    expect((await ok(t, manager2, '/site/my-reviews', {})).question_review).toBe(true);
    expect((await createQuestion(manager2, await passedCategory(otherSiteId))).review_status).toBe('unreviewed');
    await ok(t, manager, '/site/my-reviews-update', { question_review: true });
    expect((await createQuestion(teacher, await passedCategory(siteId))).review_status).toBe('unreviewed');
  });
});

describe('project audit switch', () => {
  it('is the platform gate: an organisation cannot turn it off unless the platform allows it', async () => {
    const refused = await call(t.app, '/site/my-reviews-update', { project_audit: false }, { token: manager });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe('project_audit_not_optional');
    expect((await ok(t, manager, '/site/my-reviews', {})).project_audit).toBe(true);
    const p = await walkWizard(t, producer, siteId, { items: 2 });
    expect((await ok(t, producer, '/project/publish', { id: p.projectId })).status).toBe('auditing');
  });

  it('allowed and turned off: a published project is approved by the system at once; other organisations wait', async () => {
    await setPlatformSetting('project_audit_optional', '1');
    const teamadmin = await sessionFor(t, 'teamadmin');
    expect(await ok(t, teamadmin, '/site/my-reviews-update', { project_audit: false })).toEqual({
      question_review: true,
      project_audit: false,
      project_audit_optional: true,
    });
    const p = await walkWizard(t, producer, siteId, { items: 2 });
    const published = await ok(t, producer, '/project/publish', { id: p.projectId });
    expect(published).toMatchObject({ status: 'doing' });
    const records = await ok(t, producer, '/project/records', { project_id: p.projectId });
    expect(records.list[0]).toMatchObject({ action: 'project_audit_approve', user: null });
    expect(records.list[0]!.details).toMatchObject({ by: 'system', after: { status: 'doing' } });
    const annotator = await sessionFor(t, 'annotator');
    const claimed = await ok(t, annotator, '/task/claim', { task_id: p.taskIds[0] });
    expect(claimed.jobs.length).toBeGreaterThan(0);

    // 星河数据 keeps the audit: its own switch is untouched.
    expect((await ok(t, manager2, '/site/my-reviews', {})).project_audit).toBe(true);
    const other = await walkWizard(t, manager2, otherSiteId, { items: 1, until: 'tasks' });
    const me = await userIdOf(t, 'manager2');
    await ok(t, manager2, '/project/people-save', {
      project_id: other.projectId,
      tasks: other.taskIds.map((task_id) => ({ task_id, user_ids: [me], group_ids: [] })),
    });
    expect((await ok(t, manager2, '/project/publish', { id: other.projectId })).status).toBe('auditing');

    // The platform taking the option back restores its audit for everyone.
    await setPlatformSetting('project_audit_optional', '0');
    expect((await ok(t, teamadmin, '/site/my-reviews', {})).project_audit).toBe(true);
  });
});
