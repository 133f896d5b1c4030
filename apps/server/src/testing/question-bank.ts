import { schema } from '@app/db';
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
  const db = t.deps.db;
  const unique = Math.random().toString(36).slice(2, 10);
  const [category] = await db
    .insert(schema.questionCategories)
    .values({ siteId, name: `fixture ${unique}`, reviewStatus: 'passed' })
    .returning({ id: schema.questionCategories.id });
  const stem = `<p>Fixture question ${unique}: which letter comes first?</p>`;
  const [question] = await db
    .insert(schema.questions)
    .values({
      siteId,
      categoryId: category!.id,
      type: 'single',
      stem,
      stemText: `Fixture question ${unique}: which letter comes first?`,
      options: [
        { content: '<p>A</p>', correct: true },
        { content: '<p>B</p>', correct: false },
      ],
      reviewStatus: 'passed',
    })
    .returning({ id: schema.questions.id });
  const [map] = await db
    .insert(schema.knowledgeMaps)
    .values({ siteId, name: `fixture map ${unique}`, categoryId: category!.id })
    .returning({ id: schema.knowledgeMaps.id });
  const [node] = await db
    .insert(schema.knowledgeNodes)
    .values({ siteId, mapId: map!.id, code: `N-${unique}`, name: 'Letters' })
    .returning({ id: schema.knowledgeNodes.id });
  const [label] = await db
    .insert(schema.knowledgeLabels)
    .values({ siteId, name: `label ${unique}` })
    .returning({ id: schema.knowledgeLabels.id });
  await db.insert(schema.questionNodes).values({ questionId: question!.id, nodeId: node!.id });
  await db.insert(schema.questionLabels).values({ questionId: question!.id, labelId: label!.id });
  const [report] = await db
    .insert(schema.questionReports)
    .values({ siteId, kind: 'correction', questionId: question!.id, content: 'The answer should be B.' })
    .returning({ id: schema.questionReports.id });
  return {
    categoryId: category!.id,
    questionId: question!.id,
    mapId: map!.id,
    nodeId: node!.id,
    labelId: label!.id,
    reportId: report!.id,
  };
}
