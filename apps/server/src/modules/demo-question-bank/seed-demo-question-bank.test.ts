import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { DEMO_QUESTIONS } from './demo-questions.ts';
import { seedDemoQuestionBank } from './seed-demo-question-bank.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoQuestionBank(t.deps.db, t.deps.storage);
});
afterAll(() => t.close());

describe('the demo question bank', () => {
  it('gives the content manager passed questions, a review queue and a correction', async () => {
    const token = await sessionFor(t, 'contentmgr');
    const passed = await call(t.app, '/dataset-data/list', { review_status: 'passed' }, { token });
    expect(passed.body.data.total).toBe(DEMO_QUESTIONS.filter((q) => q.status !== 'unreviewed').length);
    const waiting = await call(t.app, '/dataset-data/list', { review_status: 'unreviewed' }, { token });
    expect(waiting.body.data.total).toBe(2);
    const tree = await call(t.app, '/dataset-category/tree', {}, { token });
    expect(tree.body.data.list.map((c) => c.name)).toEqual(['数据标注基础', '质量与安全']);
  });

  it("lists every demo question as the teacher's own", async () => {
    const token = await sessionFor(t, 'teacher');
    const mine = await call(t.app, '/dataset-data/list', { mine: true, pageSize: 50 }, { token });
    expect(mine.body.data.total).toBe(DEMO_QUESTIONS.length);
  });
});
