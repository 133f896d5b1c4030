import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createQuestionBankFixture, type QuestionBankFixture } from '../../testing/question-bank.ts';
import { sessionFor, siteIdByName } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';

let t: TestApp;
let bank: QuestionBankFixture;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  bank = await createQuestionBankFixture(t, await siteIdByName(t, '示范学院'));
  token = await sessionFor(t, 'contentmgr');
});
afterAll(() => t.close());

const question = (nodeIds: number[]) => ({
  category_id: bank.categoryId,
  type: 'single',
  stem: '<p>Which colour is the sky on a clear day?</p>',
  options: [
    { content: '<p>Blue</p>', correct: true },
    { content: '<p>Green</p>', correct: false },
  ],
  node_ids: nodeIds,
});

describe('knowledge nodes of a disabled map', () => {
  it('cannot be newly linked to a question, while links a question already has are kept on save', async () => {
    expect((await call(t.app, '/dataset-map/disable', { id: bank.mapId }, { token })).status).toBe(200);

    const created = await call(t.app, '/dataset-data/create', question([bank.nodeId]), { token });
    expect(created.status).toBe(409);
    expect(created.body.error).toBe('knowledge_map_disabled');

    const resaved = await call(
      t.app,
      '/dataset-data/update',
      { id: bank.questionId, ...question([bank.nodeId]) },
      { token },
    );
    expect(resaved.status).toBe(200);
    expect(resaved.body.data.question.nodes.map((n) => n.id)).toEqual([bank.nodeId]);

    await call(t.app, '/dataset-map/enable', { id: bank.mapId }, { token });
    const linked = await call(t.app, '/dataset-data/create', question([bank.nodeId]), { token });
    expect(linked.status).toBe(200);
  });
});
