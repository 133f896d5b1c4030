import { schema } from '@app/db';
import { ok } from './courses.ts';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { sessionFor, siteIdByName } from './sessions.ts';
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

/** The demo organisation (示范学院), its teacher's session and a passed category to write questions in. */
export interface AuthoringFixture {
  siteId: number;
  teacher: string;
  categoryId: number;
}

export async function authoringFixture(t: TestApp): Promise<AuthoringFixture> {
  const siteId = await siteIdByName(t, '示范学院');
  const categoryId = await insertId(t, schema.questionCategories, {
    siteId,
    name: `authoring ${fixtureTag()}`,
    reviewStatus: 'passed',
  });
  return { siteId, teacher: await sessionFor(t, 'teacher'), categoryId };
}

/**
 * A question written through the bank's API by the fixture's teacher (`spec` for the types that are not choices,
 * `options` for choices); answers the saved question.
 */
export async function writeQuestion(t: TestApp, fixture: AuthoringFixture, input: Record<string, unknown>) {
  const body = { category_id: fixture.categoryId, stem: `<p>${String(input.type)} ${fixtureTag()}</p>`, ...input };
  return (await ok(t, '/dataset-data/create', body, fixture.teacher)).question;
}
