import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let contentmgr: string;
let teacher: string;
let otherManager: string;

const unique = () => Math.random().toString(36).slice(2, 8);

async function createCategory(token: string, input: Record<string, unknown> = {}) {
  const result = await call(t.app, '/dataset-category/create', { name: `分类-${unique()}`, ...input }, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const question = (categoryId: number) => ({
  category_id: categoryId,
  type: 'single',
  stem: `<p>Which one is right? ${unique()}</p>`,
  options: [
    { content: '<p>Yes</p>', correct: true },
    { content: '<p>No</p>', correct: false },
  ],
});

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
  teacher = await sessionFor(t, 'teacher');
  otherManager = await sessionFor(t, 'manager2');
});
afterAll(() => t.close());

describe('question categories', () => {
  it("passes a content manager's category at once and keeps a teacher's for review", async () => {
    const root = await createCategory(contentmgr, { name: '数学' });
    expect(root).toMatchObject({ review_status: 'passed', path: '数学', parent_id: null });
    const child = await createCategory(teacher, { name: '代数', parent_id: root.id });
    expect(child).toMatchObject({ review_status: 'unreviewed', path: '数学 / 代数', created_by_name: '李老师' });

    const queue = await call(t.app, '/dataset-category/list', { review_status: 'unreviewed' }, { token: contentmgr });
    expect(queue.body.data.list.map((c) => c.id)).toContain(child.id);

    const tree = await call(t.app, '/dataset-category/tree', {}, { token: teacher });
    const node = tree.body.data.list.find((c) => c.id === root.id);
    expect(node?.children.map((c) => c.name)).toEqual(['代数']);
    const passedOnly = await call(t.app, '/dataset-category/tree', { passed_only: true }, { token: teacher });
    const passedNode = passedOnly.body.data.list.find((c) => c.id === root.id);
    expect(passedNode?.children).toEqual([]);

    // Another organisation sees none of it.
    const other = await call(t.app, '/dataset-category/tree', {}, { token: otherManager });
    expect(other.body.data.list.some((c) => c.id === root.id)).toBe(false);
  });

  it('refuses questions in a category that has not passed, until it passes', async () => {
    const waiting = await createCategory(teacher);
    const refused = await call(t.app, '/dataset-data/create', question(waiting.id), { token: teacher });
    expect(refused.body.error).toBe('category_not_passed');

    const passed = await call(
      t.app,
      '/dataset-category/verify',
      { ids: [waiting.id], status: 'passed' },
      { token: contentmgr },
    );
    expect(passed.body.data).toEqual({ count: 1 });
    const accepted = await call(t.app, '/dataset-data/create', question(waiting.id), { token: teacher });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  });

  it('fails a category only with a reason, and reviews only unreviewed categories', async () => {
    const waiting = await createCategory(teacher);
    const noReason = await call(
      t.app,
      '/dataset-category/verify',
      { ids: [waiting.id], status: 'failed', reason: '  ' },
      { token: contentmgr },
    );
    expect(noReason.body.error).toBe('reason_required');
    const failed = await call(
      t.app,
      '/dataset-category/verify',
      { ids: [waiting.id], status: 'failed', reason: '名称重复' },
      { token: contentmgr },
    );
    expect(failed.status).toBe(200);
    const detail = await call(t.app, '/dataset-category/detail', { id: waiting.id }, { token: contentmgr });
    expect(detail.body.data).toMatchObject({ review_status: 'failed', review_reason: '名称重复' });
    const again = await call(
      t.app,
      '/dataset-category/verify',
      { ids: [waiting.id], status: 'passed' },
      { token: contentmgr },
    );
    expect(again.body.error).toBe('review_state_wrong');
    // Teachers may propose categories but not review them.
    const byTeacher = await call(
      t.app,
      '/dataset-category/verify',
      { ids: [waiting.id], status: 'passed' },
      { token: teacher },
    );
    expect(byTeacher.body.error).toBe('forbidden');
  });

  it('deletes only empty categories', async () => {
    const parent = await createCategory(contentmgr);
    const child = await createCategory(contentmgr, { parent_id: parent.id });
    const withChild = await call(t.app, '/dataset-category/delete', { id: parent.id }, { token: contentmgr });
    expect(withChild.body.error).toBe('category_not_empty');
    const created = await call(t.app, '/dataset-data/create', question(child.id), { token: contentmgr });
    expect(created.status).toBe(200);
    const withQuestion = await call(t.app, '/dataset-category/delete', { id: child.id }, { token: contentmgr });
    expect(withQuestion.body.error).toBe('category_not_empty');

    const removed = await call(
      t.app,
      '/dataset-data/delete',
      { ids: [created.body.data.question.id] },
      { token: contentmgr },
    );
    expect(removed.body.data).toEqual({ count: 1 });
    expect((await call(t.app, '/dataset-category/delete', { id: child.id }, { token: contentmgr })).body.data).toEqual({
      ok: true,
    });
    expect((await call(t.app, '/dataset-category/delete', { id: parent.id }, { token: contentmgr })).body.data).toEqual(
      {
        ok: true,
      },
    );
    const gone = await call(t.app, '/dataset-category/detail', { id: parent.id }, { token: contentmgr });
    expect(gone.body.error).toBe('not_found');
  });

  it('moves a category but never under itself or a descendant', async () => {
    const a = await createCategory(contentmgr, { name: 'A' });
    const b = await createCategory(contentmgr, { name: 'B', parent_id: a.id });
    const c = await createCategory(contentmgr, { name: 'C', parent_id: b.id });
    const update = (id: number, parentId: number | null, name: string) =>
      call(t.app, '/dataset-category/update', { id, parent_id: parentId, name }, { token: contentmgr });
    expect((await update(a.id, a.id, 'A')).body.error).toBe('category_parent_wrong');
    expect((await update(a.id, c.id, 'A')).body.error).toBe('category_parent_wrong');
    const moved = await update(c.id, null, 'C2');
    expect(moved.body.data).toMatchObject({ parent_id: null, path: 'C2' });
    const under = await update(a.id, c.id, 'A');
    expect(under.body.data.path).toBe('C2 / A');
    const deep = await call(t.app, '/dataset-category/detail', { id: b.id }, { token: contentmgr });
    expect(deep.body.data.path).toBe('C2 / A / B');
  });

  it('counts the questions of a category and its descendants', async () => {
    const parent = await createCategory(contentmgr);
    const child = await createCategory(contentmgr, { parent_id: parent.id });
    await call(t.app, '/dataset-data/create', question(parent.id), { token: contentmgr });
    await call(t.app, '/dataset-data/create', { ...question(child.id), difficulty: 'hard' }, { token: contentmgr });
    const detail = await call(t.app, '/dataset-category/detail', { id: parent.id }, { token: contentmgr });
    expect(detail.body.data).toMatchObject({
      child_count: 1,
      stats: {
        total: 2,
        by_status: { unreviewed: 2, passed: 0, failed: 0 },
        by_type: { single: 2, multiple: 0, judge: 0 },
        by_difficulty: { easy: 0, medium: 1, hard: 1 },
      },
    });
    const tree = await call(t.app, '/dataset-category/tree', {}, { token: contentmgr });
    const node = tree.body.data.list.find((n) => n.id === parent.id);
    expect(node).toMatchObject({ question_count: 1, passed_count: 0 });
    expect(node?.children[0]).toMatchObject({ id: child.id, question_count: 1 });
  });
});
