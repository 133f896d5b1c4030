import { schema } from '@app/db';
import { fixtureTag, insertId } from './fixture-rows.ts';
import { createQuestionBankFixture, type QuestionBankFixture } from './question-bank.ts';
import { firstMemberId } from './sessions.ts';
import type { TestApp } from './test-app.ts';

export interface PracticeFixture extends QuestionBankFixture {
  setId: number;
  sessionId: number;
  batchId: number;
  cdkeyId: number;
}

/**
 * A published practice set over a fresh question bank fixture (its category), one session of the site's first
 * member on it, and a batch of one activation code for the category — made directly in the database for tests.
 */
export async function createPracticeFixture(t: TestApp, siteId: number): Promise<PracticeFixture> {
  const bank = await createQuestionBankFixture(t, siteId);
  const unique = fixtureTag();
  const setId = await insertId(t, schema.practiceSets, {
    siteId,
    name: `fixture set ${unique}`,
    categoryIds: [bank.categoryId],
    status: 'published',
  });
  const sessionId = await insertId(t, schema.practiceSessions, {
    siteId,
    setId,
    userId: await firstMemberId(t, siteId),
    source: 'new',
    questionIds: [bank.questionId],
  });
  const now = Date.now();
  const batchId = await insertId(t, schema.cdkeyBatches, {
    siteId,
    name: `fixture codes ${unique}`,
    categoryId: bank.categoryId,
    count: 1,
    validFrom: new Date(now - 86_400_000),
    validUntil: new Date(now + 30 * 86_400_000),
  });
  const cdkeyId = await insertId(t, schema.cdkeys, { siteId, batchId, code: `FIX${unique.toUpperCase()}` });
  return { ...bank, setId, sessionId, batchId, cdkeyId };
}
