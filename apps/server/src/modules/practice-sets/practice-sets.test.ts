import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { practicePoolQuestionIds } from './practice-pool.queries.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let manager: string;
let student: string;
let otherManager: string;

const unique = () => Math.random().toString(36).slice(2, 8);

async function category(name: string, parentId: number | null = null) {
  const [row] = await t.deps.db
    .insert(schema.questionCategories)
    .values({ siteId, parentId, name: `${name}-${unique()}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  return row!.id;
}

async function question(categoryId: number, reviewStatus: 'passed' | 'unreviewed' | 'failed' = 'passed') {
  const text = `Question ${unique()}`;
  const [row] = await t.deps.db
    .insert(schema.questions)
    .values({
      siteId,
      categoryId,
      type: 'single',
      stem: `<p>${text}</p>`,
      stemText: text,
      options: [
        { content: '<p>A</p>', correct: true },
        { content: '<p>B</p>', correct: false },
      ],
      reviewStatus,
    })
    .returning({ id: schema.questions.id });
  return row!.id;
}

/** A small bank: parent ⊃ child categories, a node linking one question of another category, stray questions. */
async function bank() {
  const parent = await category('parent');
  const child = await category('child', parent);
  const other = await category('other');
  const inParent = await question(parent);
  const inChild = await question(child);
  const unreviewed = await question(child, 'unreviewed');
  const linked = await question(other);
  const single = await question(other);
  const failed = await question(other, 'failed');
  const fixture = await createQuestionBankFixture(t, siteId);
  await t.deps.db.delete(schema.questionNodes).where(eq(schema.questionNodes.nodeId, fixture.nodeId));
  await t.deps.db.insert(schema.questionNodes).values([
    { questionId: linked, nodeId: fixture.nodeId },
    { questionId: inChild, nodeId: fixture.nodeId },
    { questionId: unreviewed, nodeId: fixture.nodeId },
  ]);
  return { parent, child, other, inParent, inChild, unreviewed, linked, single, failed, nodeId: fixture.nodeId };
}

async function createSet(token: string, input: Record<string, unknown>) {
  const result = await call(t.app, '/dataset-train/create', { name: `练习-${unique()}`, ...input }, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await sessionFor(t, 'teacher');
  manager = await sessionFor(t, 'manager');
  student = await sessionFor(t, 'student');
  otherManager = await sessionFor(t, 'manager2');
});
afterAll(() => t.close());

describe('the pool', () => {
  it('is the passed questions of the categories with descendants, of the nodes and the chosen ids, once each', async () => {
    const b = await bank();
    const ids = await practicePoolQuestionIds(t.deps.db, siteId, {
      categoryIds: [b.parent],
      nodeIds: [b.nodeId],
      questionIds: [b.single, b.failed, b.inParent],
    });
    expect(ids).toEqual([b.inParent, b.inChild, b.linked, b.single].sort((x, y) => x - y));
    expect(await practicePoolQuestionIds(t.deps.db, siteId, { categoryIds: [], nodeIds: [], questionIds: [] })).toEqual(
      [],
    );
    expect(
      await practicePoolQuestionIds(t.deps.db, siteId, { categoryIds: [b.child], nodeIds: [], questionIds: [] }),
    ).toEqual([b.inChild]);
  });

  it('previews the count and the first questions for the editor', async () => {
    const b = await bank();
    const result = await call(
      t.app,
      '/dataset-train/pool-preview',
      { category_ids: [b.parent], node_ids: [b.nodeId] },
      { token: teacher },
    );
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.data.count).toBe(3);
    expect(result.body.data.questions.map((q) => q.id)).toEqual([b.inParent, b.inChild, b.linked]);
    expect(result.body.data.questions[0]!.category_name).toMatch(/^parent-/);
  });

  it("refuses another organisation's categories, nodes and questions", async () => {
    const other = await createQuestionBankFixture(t, await siteIdByName(t, '星河数据'));
    for (const input of [
      { category_ids: [other.categoryId] },
      { node_ids: [other.nodeId] },
      { question_ids: [other.questionId] },
    ]) {
      const result = await call(t.app, '/dataset-train/pool-preview', input, { token: teacher });
      expect(result.body.error).toBe('not_found');
    }
    const lock = await call(
      t.app,
      '/dataset-train/create',
      { name: 'x', lock_category_id: other.categoryId },
      { token: teacher },
    );
    expect(lock.body.error).toBe('not_found');
  });
});

describe('practice sets', () => {
  it('a teacher creates a draft set, sees it listed with its pool size and creator, and edits it', async () => {
    const b = await bank();
    const created = await createSet(teacher, { category_ids: [b.parent], per_session: 5, lock_category_id: b.parent });
    expect(created).toMatchObject({ status: 'draft', pool_size: 2, created_by_name: '李老师' });
    const list = await call(t.app, '/dataset-train/list', { status: 'draft', pageSize: 100 }, { token: manager });
    const row = list.body.data.list.find((r) => r.id === created.id);
    expect(row).toMatchObject({ pool_size: 2, joined_count: 0, per_session: 5, lock_category_id: b.parent });

    const updated = await call(
      t.app,
      '/dataset-train/update',
      { id: created.id, name: '改过的', category_ids: [b.child], question_ids: [b.single, b.single], per_session: 3 },
      { token: teacher },
    );
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data).toMatchObject({
      name: '改过的',
      pool_size: 2,
      question_ids: [b.single],
      lock_category_id: null,
      per_session: 3,
    });
    expect(updated.body.data.categories.map((c) => c.id)).toEqual([b.child]);
  });

  it('checks the rules of names and the per-session count', async () => {
    for (const input of [
      { name: '' },
      { name: 'x'.repeat(51) },
      { name: 'x', per_session: 0 },
      { name: 'x', per_session: 101 },
    ]) {
      const result = await call(t.app, '/dataset-train/create', input, { token: teacher });
      expect(result.body.error, JSON.stringify(input)).toBe('invalid_input');
    }
  });

  it('publishes only a set whose pool has questions, and closes it', async () => {
    const b = await bank();
    const empty = await createSet(teacher, { question_ids: [b.unreviewed, b.failed] });
    const refused = await call(t.app, '/dataset-train/publish', { id: empty.id }, { token: teacher });
    expect(refused.body.error).toBe('practice_no_questions');

    const set = await createSet(teacher, { node_ids: [b.nodeId] });
    const published = await call(t.app, '/dataset-train/publish', { id: set.id }, { token: teacher });
    expect(published.body.data.status).toBe('published');
    const emptied = await call(
      t.app,
      '/dataset-train/update',
      { id: set.id, name: 'x', question_ids: [b.failed] },
      { token: teacher },
    );
    expect(emptied.body.error).toBe('practice_no_questions');
    const closed = await call(t.app, '/dataset-train/close', { id: set.id }, { token: manager });
    expect(closed.body.data.status).toBe('closed');
    const again = await call(t.app, '/dataset-train/publish', { id: set.id }, { token: manager });
    expect(again.body.data.status).toBe('published');
  });

  it('deletes a set nobody practised; a set with sessions must be closed instead', async () => {
    const b = await bank();
    const set = await createSet(teacher, { category_ids: [b.other] });
    const deleted = await call(t.app, '/dataset-train/delete', { id: set.id }, { token: teacher });
    expect(deleted.status).toBe(200);
    const gone = await call(t.app, '/dataset-train/detail', { id: set.id }, { token: teacher });
    expect(gone.body.error).toBe('not_found');

    const used = await createSet(teacher, { category_ids: [b.other] });
    const [member] = await t.deps.db
      .select({ id: schema.users.id })
      .from(schema.users)
      .where(eq(schema.users.username, 'student'));
    await t.deps.db
      .insert(schema.practiceSessions)
      .values({ siteId, setId: used.id, userId: member!.id, source: 'new', questionIds: [b.single] });
    const refused = await call(t.app, '/dataset-train/delete', { id: used.id }, { token: teacher });
    expect(refused.body.error).toBe('conflict');
    const [still] = await t.deps.db
      .select()
      .from(schema.practiceSets)
      .where(and(eq(schema.practiceSets.id, used.id), eq(schema.practiceSets.siteId, siteId)));
    expect(still).toBeDefined();
  });

  it('keeps organisations apart and learners out', async () => {
    const b = await bank();
    const set = await createSet(manager, { category_ids: [b.parent] });
    const other = await call(t.app, '/dataset-train/detail', { id: set.id }, { token: otherManager });
    expect(other.body.error).toBe('not_found');
    const list = await call(t.app, '/dataset-train/list', { pageSize: 100 }, { token: otherManager });
    expect(list.body.data.list.some((r) => r.id === set.id)).toBe(false);
    const learner = await call(t.app, '/dataset-train/list', {}, { token: student });
    expect(learner.body.error).toBe('forbidden');
  });
});
