import { schema } from '@app/db';
import { fixtureTag, insertId } from './fixture-rows.ts';
import type { TestApp } from './test-app.ts';

export interface QuestionBankFixture {
  categoryId: number;
  questionId: number;
  mapId: number;
  nodeId: number;
  labelId: number;
  reportId: number;
}

/**
 * A small question bank made directly in the database for tests: a passed category with one passed single-choice
 * question, a knowledge map with one node and a label (both linked to the question), and a pending correction.
 */
export async function createQuestionBankFixture(t: TestApp, siteId: number): Promise<QuestionBankFixture> {
  const unique = fixtureTag();
  const categoryId = await insertId(t, schema.questionCategories, {
    siteId,
    name: `fixture ${unique}`,
    reviewStatus: 'passed',
  });
  const questionId = await insertId(t, schema.questions, {
    siteId,
    categoryId,
    type: 'single',
    stem: `<p>Fixture question ${unique}: which letter comes first?</p>`,
    stemText: `Fixture question ${unique}: which letter comes first?`,
    options: [
      { content: '<p>A</p>', correct: true },
      { content: '<p>B</p>', correct: false },
    ],
    reviewStatus: 'passed',
  });
  const mapId = await insertId(t, schema.knowledgeMaps, { siteId, name: `fixture map ${unique}`, categoryId });
  const nodeId = await insertId(t, schema.knowledgeNodes, { siteId, mapId, code: `N-${unique}`, name: 'Letters' });
  const labelId = await insertId(t, schema.knowledgeLabels, { siteId, name: `label ${unique}` });
  await t.deps.db.insert(schema.questionNodes).values({ questionId, nodeId });
  await t.deps.db.insert(schema.questionLabels).values({ questionId, labelId });
  const reportId = await insertId(t, schema.questionReports, {
    siteId,
    kind: 'correction',
    questionId,
    content: 'The answer should be B.',
  });
  return { categoryId, questionId, mapId, nodeId, labelId, reportId };
}
