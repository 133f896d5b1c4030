import type { ProcedurePath } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ok as okCall } from '../../testing/courses.ts';
import { examCategory } from '../../testing/exams.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let siteId: number;
let teacher: string;
let manager: string;
let contentmgr: string;

const unique = () => Math.random().toString(36).slice(2, 8);
const hour = 3600_000;

const ok = <P extends ProcedurePath>(token: string, path: P, input: Record<string, unknown>) =>
  okCall(t, path, input, token);

const question = (categoryId: number) => ({
  category_id: categoryId,
  type: 'single',
  stem: `<p>私有题 ${unique()}：二加二等于几？</p>`,
  options: [
    { content: '<p>4</p>', correct: true },
    { content: '<p>5</p>', correct: false },
  ],
});

const ids = (list: { id: number }[]) => list.map((row) => row.id);

beforeAll(async () => {
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  teacher = await sessionFor(t, 'teacher');
  manager = await sessionFor(t, 'manager');
  contentmgr = await sessionFor(t, 'contentmgr');
});
afterAll(() => t.close());

describe('private question categories (/self-data/category)', () => {
  it("are the owner's alone: a tree of their own, out of the bank's tree, lists, detail and review", async () => {
    const root = await ok(teacher, '/self-data/category-create', { name: `我的题-${unique()}` });
    const child = await ok(teacher, '/self-data/category-create', { name: '第一章', parent_id: root.id });
    const created = await ok(teacher, '/dataset-data/create', question(child.id));
    expect(created.question).toMatchObject({ private: true, review_status: 'unreviewed' });
    const questionId = created.question.id as number;

    const tree = await ok(teacher, '/self-data/category-tree', {});
    const mine = tree.list.find((node: { id: number }) => node.id === root.id);
    expect(mine?.children.map((c: { id: number; question_count: number }) => [c.id, c.question_count])).toEqual([
      [child.id, 1],
    ]);
    expect(ids((await ok(manager, '/self-data/category-tree', {})).list)).not.toContain(root.id);

    // The bank knows nothing of it: its tree, category calls and review (content manager), other authors (manager).
    const bankTree = JSON.stringify((await ok(contentmgr, '/dataset-category/tree', {})).list);
    expect(bankTree).not.toContain(`"id":${root.id},`);
    for (const [path, input] of [
      ['/dataset-category/detail', { id: root.id }],
      ['/dataset-category/update', { id: root.id, name: 'x' }],
      ['/dataset-category/delete', { id: child.id }],
      ['/dataset-data/detail', { id: questionId }],
      ['/dataset-data/list', { category_id: child.id }],
      ['/dataset-data/verify', { ids: [questionId], status: 'passed' }],
      ['/self-data/category-create', { name: 'x', parent_id: root.id }],
      ['/self-data/category-delete', { id: child.id }],
      ['/dataset-data/create', question(child.id)],
    ] as [ProcedurePath, Record<string, unknown>][]) {
      const refused = await call(t.app, path, input, {
        token: path.startsWith('/self-data') || path.endsWith('/create') ? manager : contentmgr,
      });
      expect(refused.body.error, path).toBe('not_found');
    }
    const queue = await ok(contentmgr, '/dataset-data/list', { review_status: 'unreviewed', pageSize: 100 });
    expect(ids(queue.list)).not.toContain(questionId);
    expect(ids((await ok(teacher, '/dataset-data/list', { pageSize: 100 })).list)).not.toContain(questionId);

    // The owner finds it in "mine" and in the category, and opens it.
    const listed = await ok(teacher, '/dataset-data/list', { mine: true, pageSize: 100 });
    expect(listed.list.find((row: { id: number }) => row.id === questionId)).toMatchObject({ private: true });
    expect(ids((await ok(teacher, '/dataset-data/list', { category_id: root.id })).list)).toEqual([questionId]);
    expect((await ok(teacher, '/dataset-data/detail', { id: questionId })).category_path).toContain('第一章');

    // Renamed, moved, and deleted only when empty.
    await ok(teacher, '/self-data/category-update', { id: child.id, name: '第二章', parent_id: root.id });
    const cycle = await call(
      t.app,
      '/self-data/category-update',
      { id: root.id, name: 'x', parent_id: child.id },
      {
        token: teacher,
      },
    );
    expect(cycle.body.error).toBe('category_parent_wrong');
    const full = await call(t.app, '/self-data/category-delete', { id: child.id }, { token: teacher });
    expect(full.body.error).toBe('category_not_empty');
  });

  it("serve their owner's exams at once, nobody else's", async () => {
    const category = await ok(teacher, '/self-data/category-create', { name: `考试用-${unique()}` });
    const { question: own } = await ok(teacher, '/dataset-data/create', question(category.id));
    const exam = {
      total_score: 100,
      pass_score: 60,
      duration_seconds: 600,
      window_start: new Date(Date.now() - hour).toISOString(),
      window_end: new Date(Date.now() + hour).toISOString(),
      question_ids: [own.id],
    };
    const mine = await ok(teacher, '/dataset-examine/create', { ...exam, name: `私有题考试-${unique()}` });
    expect((await ok(teacher, '/dataset-examine/publish', { id: mine.id })).status).toBe('published');
    const theirs = await ok(manager, '/dataset-examine/create', { ...exam, name: `别人的-${unique()}` });
    const refused = await call(t.app, '/dataset-examine/publish', { id: theirs.id }, { token: manager });
    expect(refused.body.error).toBe('exam_questions_not_passed');
  });

  it('submitting moves the questions to a passed bank category, unreviewed, and into the review queue', async () => {
    const category = await ok(teacher, '/self-data/category-create', { name: `待提交-${unique()}` });
    const { question: first } = await ok(teacher, '/dataset-data/create', question(category.id));
    const { question: second } = await ok(teacher, '/dataset-data/create', question(category.id));
    const bankCategory = await examCategory(t, siteId);
    const proposed = await ok(teacher, '/dataset-category/create', { name: `提议-${unique()}` });

    const refusals: [string, string, Record<string, unknown>][] = [
      [manager, 'not_found', { ids: [first.id], category_id: bankCategory }],
      [teacher, 'not_found', { ids: [first.id], category_id: category.id }],
      [teacher, 'category_not_passed', { ids: [first.id], category_id: proposed.id }],
    ];
    for (const [token, error, input] of refusals) {
      expect((await call(t.app, '/self-data/submit', input, { token })).body.error).toBe(error);
    }
    expect((await ok(teacher, '/dataset-data/detail', { id: first.id })).private).toBe(true);

    expect(await ok(teacher, '/self-data/submit', { ids: [first.id, second.id], category_id: bankCategory })).toEqual({
      count: 2,
    });
    const moved = await ok(teacher, '/dataset-data/detail', { id: first.id });
    expect(moved).toMatchObject({ private: false, category_id: bankCategory, review_status: 'unreviewed', version: 2 });
    const queue = await ok(contentmgr, '/dataset-data/list', {
      review_status: 'unreviewed',
      category_id: bankCategory,
    });
    expect(ids(queue.list).sort()).toEqual([first.id, second.id].sort());
    const history = await ok(teacher, '/dataset-data/records', { id: first.id });
    expect(history.list[0]).toMatchObject({ action: 'submit', version: 2 });
    expect(await ok(contentmgr, '/dataset-data/verify', { ids: [first.id], status: 'passed' })).toEqual({ count: 1 });
    await ok(teacher, '/self-data/category-delete', { id: category.id });
  });
});
