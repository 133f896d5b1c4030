import { schema } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blueprintOf, examCategory, examQuestions } from '../../testing/exams.ts';
import { createQuestionBankFixture } from '../../testing/question-bank.ts';
import { demoSiteIds } from '../../testing/sessions.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import { countPoolByCell, poolQuestionIds } from './blueprint-pool.queries.ts';

let t: TestApp;
let siteId: number;
let otherSiteId: number;

beforeAll(async () => {
  t = await createTestApp();
  ({ siteId, otherSiteId } = await demoSiteIds(t));
});
afterAll(() => t.close());

describe('blueprint pool', () => {
  it('counts passed questions per cell in the categories with their descendants and the nodes', async () => {
    const parent = await examCategory(t, siteId);
    const child = await examCategory(t, siteId, parent);
    const elsewhere = await examCategory(t, siteId);
    const easyChild = await examQuestions(t, siteId, child, 3, { difficulty: 'easy' });
    await examQuestions(t, siteId, parent, 2, { difficulty: 'hard' });
    await examQuestions(t, siteId, parent, 4, { type: 'judge', difficulty: 'easy' });
    await examQuestions(t, siteId, child, 5, { difficulty: 'easy', reviewStatus: 'unreviewed' });
    await examQuestions(t, siteId, elsewhere, 7, { difficulty: 'easy' });
    const [linked] = await examQuestions(t, siteId, elsewhere, 1, { type: 'judge', difficulty: 'hard' });
    const fixture = await createQuestionBankFixture(t, siteId);
    await t.deps.db.insert(schema.questionNodes).values({ questionId: linked!, nodeId: fixture.nodeId });

    const blueprint = blueprintOf({
      total: 10,
      typeRatios: { single: 1, multiple: 0, judge: 1 },
      difficultyRatios: { easy: 1, medium: 0, hard: 1 },
      categoryIds: [parent],
      nodeIds: [fixture.nodeId],
    });
    const cells = await countPoolByCell(t.deps.db, siteId, blueprint);
    expect(cells).toEqual([
      // the fixture's own question (single, medium) is linked to the node but no medium cell exists
      { type: 'single', difficulty: 'easy', count: 3, available: 3 },
      { type: 'single', difficulty: 'hard', count: 2, available: 2 },
      { type: 'judge', difficulty: 'easy', count: 3, available: 4 },
      { type: 'judge', difficulty: 'hard', count: 2, available: 1 },
    ]);
    expect(await poolQuestionIds(t.deps.db, siteId, blueprint, { type: 'single', difficulty: 'easy' })).toEqual(
      easyChild,
    );
    expect(await poolQuestionIds(t.deps.db, siteId, blueprint, { type: 'judge', difficulty: 'hard' })).toEqual([
      linked,
    ]);
  });

  it('difficulty any when all difficulty ratios are zero; other organisations never count', async () => {
    const own = await examCategory(t, siteId);
    await examQuestions(t, siteId, own, 2, { type: 'multiple', difficulty: 'easy' });
    await examQuestions(t, siteId, own, 3, { type: 'multiple', difficulty: 'hard' });
    const foreign = await examCategory(t, otherSiteId);
    await examQuestions(t, otherSiteId, foreign, 9, { type: 'multiple' });
    const blueprint = blueprintOf({
      total: 6,
      typeRatios: { single: 0, multiple: 1, judge: 0 },
      categoryIds: [own, foreign],
    });
    expect(await countPoolByCell(t.deps.db, siteId, blueprint)).toEqual([
      { type: 'multiple', difficulty: null, count: 6, available: 5 },
    ]);
    expect(await poolQuestionIds(t.deps.db, siteId, blueprint, { type: 'multiple', difficulty: null })).toHaveLength(5);
  });
});
