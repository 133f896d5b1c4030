import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { createQuestionBankFixture, type QuestionBankFixture } from './question-bank.ts';
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
  const db = t.deps.db;
  const bank = await createQuestionBankFixture(t, siteId);
  const unique = Math.random().toString(36).slice(2, 10);
  const [member] = await db
    .select({ userId: schema.siteUsers.userId })
    .from(schema.siteUsers)
    .where(eq(schema.siteUsers.siteId, siteId))
    .limit(1);
  const [set] = await db
    .insert(schema.practiceSets)
    .values({ siteId, name: `fixture set ${unique}`, categoryIds: [bank.categoryId], status: 'published' })
    .returning({ id: schema.practiceSets.id });
  const [session] = await db
    .insert(schema.practiceSessions)
    .values({ siteId, setId: set!.id, userId: member!.userId, source: 'new', questionIds: [bank.questionId] })
    .returning({ id: schema.practiceSessions.id });
  const now = Date.now();
  const [batch] = await db
    .insert(schema.cdkeyBatches)
    .values({
      siteId,
      name: `fixture codes ${unique}`,
      categoryId: bank.categoryId,
      count: 1,
      validFrom: new Date(now - 86_400_000),
      validUntil: new Date(now + 30 * 86_400_000),
    })
    .returning({ id: schema.cdkeyBatches.id });
  const [cdkey] = await db
    .insert(schema.cdkeys)
    .values({ siteId, batchId: batch!.id, code: `FIX${unique.toUpperCase()}` })
    .returning({ id: schema.cdkeys.id });
  return { ...bank, setId: set!.id, sessionId: session!.id, batchId: batch!.id, cdkeyId: cdkey!.id };
}
