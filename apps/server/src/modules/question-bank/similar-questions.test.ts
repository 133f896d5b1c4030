import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let contentmgr: string;
let teacher: string;
let otherManager: string;
let categoryId: number;

const options = [
  { content: '<p>正确</p>', correct: true },
  { content: '<p>错误</p>', correct: false },
];

async function create(stem: string, token = teacher, category = categoryId) {
  const result = await call(
    t.app,
    '/dataset-data/create',
    { category_id: category, type: 'judge', stem, options },
    { token },
  );
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
  teacher = await sessionFor(t, 'teacher');
  otherManager = await sessionFor(t, 'manager2');
  const category = await call(t.app, '/dataset-category/create', { name: '相似检测' }, { token: contentmgr });
  categoryId = category.body.data.id;
});
afterAll(() => t.close());

describe('similar questions', () => {
  it('flags a near-identical stem on save, and not an unrelated one', async () => {
    const first = await create('<p>标注矩形框时，框的边缘应当紧贴目标物体的可见轮廓。</p>');
    expect(first.similar).toEqual([]);
    const near = await create('<p>标注矩形框时，框的边缘应该紧贴目标物体的可见轮廓。</p>');
    expect(near.similar).toHaveLength(1);
    expect(near.similar[0]).toMatchObject({ id: first.question.id, category_name: '相似检测' });
    expect(near.similar[0]!.similarity).toBeGreaterThanOrEqual(0.6);
    expect(near.similar[0]!.similarity).toBeLessThan(1);
    const unrelated = await create('<p>音频转写时，听不清的词语用特殊符号标记。</p>');
    expect(unrelated.similar).toEqual([]);

    // An edit compares against the others, never against itself.
    const edited = await call(
      t.app,
      '/dataset-data/update',
      {
        id: unrelated.question.id,
        category_id: categoryId,
        type: 'judge',
        stem: '<p>标注矩形框时，框的边缘应当紧贴目标物体的可见轮廓!</p>',
        options,
      },
      { token: teacher },
    );
    expect(edited.body.data.similar.map((s) => s.id).sort()).toEqual([first.question.id, near.question.id].sort());
  });

  it('lists the pairs of the organisation, most similar first, and those of one question', async () => {
    const x1 = await create('<p>Point cloud cuboids must include every lidar point of the vehicle body.</p>');
    const x2 = await create('<p>Point cloud cuboids must include every lidar point of the vehicle body!</p>');
    const x3 = await create('<p>Point cloud cuboids should include all lidar points of the vehicle body.</p>');
    const pairs = await call(t.app, '/dataset-data/similar', { threshold: 0.6, pageSize: 100 }, { token: teacher });
    expect(pairs.status, JSON.stringify(pairs.body)).toBe(200);
    const list = pairs.body.data.list;
    expect(pairs.body.data.total).toBe(list.length);
    for (const pair of list) expect(pair.a.id).toBeLessThan(pair.b.id);
    const sims = list.map((p) => p.similarity);
    expect(sims).toEqual([...sims].sort((a, b) => b - a));
    expect(list.some((p) => p.a.id === x1.question.id && p.b.id === x2.question.id)).toBe(true);

    const ofOne = await call(
      t.app,
      '/dataset-data/similar',
      { id: x3.question.id, threshold: 0.5 },
      { token: teacher },
    );
    const ofOneList = ofOne.body.data.list;
    expect(ofOneList.length).toBeGreaterThan(0);
    for (const pair of ofOneList) expect([pair.a.id, pair.b.id]).toContain(x3.question.id);

    const paged = await call(
      t.app,
      '/dataset-data/similar',
      { threshold: 0.6, pageSize: 10, page: 9 },
      { token: teacher },
    );
    expect(paged.body.data).toMatchObject({ list: [], total: list.length, page: 9 });

    // Another organisation has none of them.
    const other = await call(t.app, '/dataset-data/similar', {}, { token: otherManager });
    expect(other.body.data.total).toBe(0);
  });
});
