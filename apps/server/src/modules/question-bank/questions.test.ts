import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let contentmgr: string;
let teacher: string;
let manager: string;
let categoryId: number;

const unique = () => Math.random().toString(36).slice(2, 8);
const opt = (content: string, correct = false) => ({ content, correct });

const single = (extra: Record<string, unknown> = {}) => ({
  category_id: categoryId,
  type: 'single',
  stem: `<p>Question ${unique()}: which is the capital of France?</p>`,
  options: [opt('<p>Paris</p>', true), opt('<p>Lyon</p>'), opt('<p>Nice</p>')],
  analysis: '<p>Paris is the capital.</p>',
  ...extra,
});

async function create(token: string, input: Record<string, unknown> = single()) {
  const result = await call(t.app, '/dataset-data/create', input, { token });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.question;
}

const verify = (ids: number[], status: string, reason?: string) =>
  call(t.app, '/dataset-data/verify', { ids, status, reason }, { token: contentmgr });

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
  teacher = await sessionFor(t, 'teacher');
  manager = await sessionFor(t, 'manager');
  const category = await call(t.app, '/dataset-category/create', { name: `题库-${unique()}` }, { token: contentmgr });
  categoryId = category.body.data.id;
});
afterAll(() => t.close());

describe('question rules', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['question_stem_required', { stem: '<p> </p><script>alert(1)</script>' }],
    ['question_option_required', { options: [] }],
    ['question_option_content_required', { options: [opt('<p>Paris</p>', true), opt('<p><br></p>')] }],
    ['question_correct_required', { options: [opt('A'), opt('B')] }],
    ['question_single_one_correct', { options: [opt('A', true), opt('B', true)] }],
    ['question_multiple_two_options', { type: 'multiple', options: [opt('A', true)] }],
    [
      'question_multiple_all_of_above',
      { type: 'multiple', options: [opt('A', true), opt('B', true), opt('<p>以上都对</p>')] },
    ],
    ['question_too_many_options', { options: ['A', 'B', 'C', 'D', 'E', 'F', 'G'].map((c, i) => opt(c, i === 0)) }],
    ['question_judge_two_options', { type: 'judge', options: [opt('对', true), opt('错'), opt('不确定')] }],
  ];
  it.each(cases)('answers %s', async (code, change) => {
    const result = await call(t.app, '/dataset-data/create', single(change), { token: teacher });
    expect(result.status).toBe(400);
    expect(result.body.error).toBe(code);
    expect(result.body.message).toBeTruthy();
    expect(result.body.details).toHaveProperty('problems.0.code', code);
  });

  it('lists every broken rule in details, the first being the error', async () => {
    const result = await call(t.app, '/dataset-data/create', single({ stem: '', options: [opt(''), opt('B')] }), {
      token: teacher,
    });
    expect(result.body.error).toBe('question_stem_required');
    expect(result.body.details).toHaveProperty('problems', [
      expect.objectContaining({ code: 'question_stem_required' }),
      expect.objectContaining({ code: 'question_option_content_required' }),
      expect.objectContaining({ code: 'question_correct_required' }),
    ]);
  });

  it('accepts an image-only stem and every type done right', async () => {
    await create(teacher, single({ stem: '<p><img src="https://example.com/a.png" alt="map"></p>' }));
    await create(teacher, single({ type: 'multiple', options: [opt('A', true), opt('B', true), opt('C')] }));
    await create(teacher, single({ type: 'judge', options: [opt('对', true), opt('错')] }));
  });
});

describe('sanitising', () => {
  it('removes scripts, handlers and foreign image sources, and keeps images and formatting', async () => {
    const question = await create(
      teacher,
      single({
        stem:
          '<p onclick="steal()">What <strong>is</strong> this?<script>alert(1)</script></p>' +
          '<img src="/files/question-images/1/a.png" onerror="alert(2)" alt="x">' +
          '<img src="javascript:alert(3)"><img src="data:image/png;base64,AAAA"><a href="javascript:alert(4)">x</a>',
        options: [opt('<p style="color:red">Paris<iframe src="https://evil"></iframe></p>', true), opt('Lyon')],
        analysis: '<p>See <a href="https://example.com/why">why</a></p><style>p{}</style>',
      }),
    );
    const detail = await call(t.app, '/dataset-data/detail', { id: question.id }, { token: teacher });
    const { stem, options, analysis, stem_text } = detail.body.data;
    expect(stem).not.toMatch(/script|onclick|onerror|javascript|data:|alert/);
    expect(stem).toContain('<strong>is</strong>');
    // An uploaded image's address from when question images were public moves to where they are served now.
    expect(stem).toContain('<img src="/api/file/question-images/1/a.png" alt="x" />');
    expect(stem.match(/<img/g)).toHaveLength(1);
    expect(stem_text).toBe('What is this? x');
    expect(options[0]!.content).toBe('<p>Paris</p>');
    expect(analysis).toBe(
      '<p>See <a href="https://example.com/why" target="_blank" rel="noopener noreferrer">why</a></p>',
    );
  });
});

describe('review', () => {
  it('passes, fails with a reason, refuses a second review, and sends an edited question back to review', async () => {
    const a = await create(teacher);
    const b = await create(teacher);
    expect(a).toMatchObject({ review_status: 'unreviewed', version: 1 });
    expect((await verify([a.id], 'passed')).body.data).toEqual({ count: 1 });
    expect((await verify([b.id], 'failed')).body.error).toBe('reason_required');
    expect((await verify([b.id], 'failed', '答案错误')).status).toBe(200);
    const failed = await call(t.app, '/dataset-data/detail', { id: b.id }, { token: teacher });
    expect(failed.body.data).toMatchObject({
      review_status: 'failed',
      review_reason: '答案错误',
      reviewed_by_name: '内容管理',
    });
    expect((await verify([a.id], 'failed', 'x')).body.error).toBe('review_state_wrong');
    // All or nothing: one reviewed question refuses the batch.
    const c = await create(teacher);
    expect((await verify([c.id, a.id], 'passed')).body.error).toBe('review_state_wrong');
    expect((await call(t.app, '/dataset-data/detail', { id: c.id }, { token: teacher })).body.data.review_status).toBe(
      'unreviewed',
    );

    const edited = await call(t.app, '/dataset-data/update', { ...single(), id: a.id }, { token: teacher });
    expect(edited.body.data.question).toMatchObject({
      review_status: 'unreviewed',
      version: 2,
      reviewed_by_name: null,
    });
    // Teachers do not review.
    const byTeacher = await call(t.app, '/dataset-data/verify', { ids: [a.id], status: 'passed' }, { token: teacher });
    expect(byTeacher.body.error).toBe('forbidden');
  });
});

describe('who edits', () => {
  it("lets authors and the content manager edit, never another author's question", async () => {
    const byManager = await create(manager);
    const byTeacher = await create(teacher);
    const teacherView = await call(t.app, '/dataset-data/detail', { id: byManager.id }, { token: teacher });
    expect(teacherView.body.data.editable).toBe(false);
    const refused = await call(t.app, '/dataset-data/update', { ...single(), id: byManager.id }, { token: teacher });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('question_not_editable');
    expect((await call(t.app, '/dataset-data/delete', { ids: [byManager.id] }, { token: teacher })).body.error).toBe(
      'question_not_editable',
    );
    expect(
      (await call(t.app, '/dataset-data/update', { ...single(), id: byTeacher.id }, { token: manager })).body.error,
    ).toBe('question_not_editable');

    const own = await call(t.app, '/dataset-data/detail', { id: byTeacher.id }, { token: teacher });
    expect(own.body.data.editable).toBe(true);
    const reviewerView = await call(t.app, '/dataset-data/detail', { id: byManager.id }, { token: contentmgr });
    expect(reviewerView.body.data.editable).toBe(true);
    const byReviewer = await call(
      t.app,
      '/dataset-data/update',
      { ...single(), id: byManager.id },
      { token: contentmgr },
    );
    expect(byReviewer.status, JSON.stringify(byReviewer.body)).toBe(200);
    expect(
      (await call(t.app, '/dataset-data/delete', { ids: [byTeacher.id] }, { token: contentmgr })).body.data,
    ).toEqual({
      count: 1,
    });
  });
});

describe('edit history', () => {
  it('keeps a line per create, edit and review with the version each made', async () => {
    const question = await create(teacher, single({ stem: '<p>Version one</p>' }));
    await call(
      t.app,
      '/dataset-data/update',
      { ...single({ stem: '<p>Version two</p>' }), id: question.id },
      { token: teacher },
    );
    await verify([question.id], 'failed', '不清楚');
    await call(
      t.app,
      '/dataset-data/update',
      { ...single({ stem: '<p>Version three</p>' }), id: question.id },
      { token: teacher },
    );
    const records = await call(t.app, '/dataset-data/records', { id: question.id }, { token: teacher });
    expect(records.body.data.total).toBe(4);
    expect(records.body.data.list.map((r) => [r.action, r.version, r.reason, r.snapshot.stem])).toEqual([
      ['update', 3, '', '<p>Version three</p>'],
      ['review_fail', 2, '不清楚', '<p>Version two</p>'],
      ['update', 2, '', '<p>Version two</p>'],
      ['create', 1, '', '<p>Version one</p>'],
    ]);
    expect(records.body.data.list[0]!.user_name).toBe('李老师');
  });
});

describe('list and search', () => {
  it('filters by category with descendants, type, difficulty, status, label, node and mine', async () => {
    const parent = await call(t.app, '/dataset-category/create', { name: `父-${unique()}` }, { token: contentmgr });
    const child = await call(
      t.app,
      '/dataset-category/create',
      { name: `子-${unique()}`, parent_id: parent.body.data.id },
      { token: contentmgr },
    );
    const parentId = parent.body.data.id;
    const childId = child.body.data.id;
    const a = await create(teacher, single({ category_id: parentId, difficulty: 'easy' }));
    const b = await create(
      manager,
      single({ category_id: childId, type: 'judge', options: [opt('对', true), opt('错')] }),
    );
    await verify([b.id], 'passed');
    const ids = async (filter: Record<string, unknown>, token = contentmgr) => {
      const result = await call(t.app, '/dataset-data/list', { pageSize: 100, ...filter }, { token });
      expect(result.status, JSON.stringify(result.body)).toBe(200);
      return result.body.data.list.map((r) => r.id).sort();
    };
    expect(await ids({ category_id: parentId })).toEqual([a.id, b.id].sort());
    expect(await ids({ category_id: parentId, descendants: false })).toEqual([a.id]);
    expect(await ids({ category_id: parentId, type: 'judge' })).toEqual([b.id]);
    expect(await ids({ category_id: parentId, difficulty: 'easy' })).toEqual([a.id]);
    expect(await ids({ category_id: parentId, review_status: 'passed' })).toEqual([b.id]);
    expect(await ids({ category_id: parentId, mine: true }, teacher)).toEqual([a.id]);

    const siteId = await siteIdByName(t, '示范学院');
    const db = t.deps.db;
    const [label] = await db
      .insert(schema.knowledgeLabels)
      .values({ siteId, name: `L-${unique()}` })
      .returning({ id: schema.knowledgeLabels.id });
    const [map] = await db
      .insert(schema.knowledgeMaps)
      .values({ siteId, name: `M-${unique()}` })
      .returning({ id: schema.knowledgeMaps.id });
    const [node] = await db
      .insert(schema.knowledgeNodes)
      .values({ siteId, mapId: map!.id, code: `N-${unique()}`, name: 'Node' })
      .returning({ id: schema.knowledgeNodes.id });
    const linked = await call(
      t.app,
      '/dataset-data/update',
      { ...single({ category_id: parentId }), id: a.id, label_ids: [label!.id], node_ids: [node!.id] },
      { token: teacher },
    );
    expect(linked.body.data.question.labels.map((l) => l.id)).toEqual([label!.id]);
    expect(linked.body.data.question.nodes[0]).toMatchObject({ id: node!.id, name: 'Node' });
    expect(await ids({ label_id: label!.id })).toEqual([a.id]);
    expect(await ids({ node_id: node!.id })).toEqual([a.id]);
  });

  it('searches stem text and keeps each search with its filters and result count', async () => {
    const word = `zebra${unique()}`;
    const question = await create(teacher, single({ stem: `<p>How many stripes has a <em>${word}</em>?</p>` }));
    const found = await call(
      t.app,
      '/dataset-data/list',
      { keyword: word.toUpperCase(), type: 'single' },
      { token: teacher },
    );
    expect(found.body.data.list.map((r) => r.id)).toEqual([question.id]);
    expect(found.body.data.list[0]!.stem_text).toBe(`How many stripes has a ${word}?`);
    const none = await call(t.app, '/dataset-data/list', { keyword: '100%_match' }, { token: teacher });
    expect(none.body.data.total).toBe(0);

    const records = await call(t.app, '/dataset-data/search-records', { keyword: word }, { token: contentmgr });
    expect(records.body.data.list).toHaveLength(1);
    expect(records.body.data.list[0]).toMatchObject({
      keyword: word.toUpperCase(),
      filters: { type: 'single' },
      result_count: 1,
      user_name: '李老师',
    });
    // Teachers search but do not read others' searches.
    const byTeacher = await call(t.app, '/dataset-data/search-records', {}, { token: teacher });
    expect(byTeacher.body.error).toBe('forbidden');
  });
});
