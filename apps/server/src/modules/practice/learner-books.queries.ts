import type { TCategoryCount, TCollectedRow, TListInput, TPracticeSession, TWrongBookRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { presentSession, requireOwnCategory, wrongBookN } from './practice.queries.ts';

const { wrongBookEntries, questions, questionCategories, questionCollections, practiceSessions, practiceSets } = schema;

/** Questions in my wrong book (newest wrong first), their counts per category, and the organisation's N. */
export async function myWrongBook(
  db: Executor,
  siteId: number,
  userId: number,
  input: TListInput & { category_id?: number },
): Promise<{ list: TWrongBookRow[]; total: number; categories: TCategoryCount[]; wrong_book_n: number }> {
  const inBook = and(
    eq(wrongBookEntries.siteId, siteId),
    eq(wrongBookEntries.userId, userId),
    eq(wrongBookEntries.inBook, true),
  )!;
  if (input.category_id !== undefined) await requireOwnCategory(db, siteId, input.category_id);
  const conditions: SQL[] = [inBook];
  if (input.category_id !== undefined) conditions.push(eq(questions.categoryId, input.category_id));
  const where = and(...conditions);
  const [rows, [counted], categories, n] = await Promise.all([
    db
      .select({
        question_id: wrongBookEntries.questionId,
        type: questions.type,
        stem: questions.stem,
        category_id: questions.categoryId,
        category_name: questionCategories.name,
        wrong_count: wrongBookEntries.wrongCount,
        correct_streak: wrongBookEntries.correctStreak,
        lastWrongAt: wrongBookEntries.lastWrongAt,
      })
      .from(wrongBookEntries)
      .innerJoin(questions, eq(questions.id, wrongBookEntries.questionId))
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(where)
      .orderBy(desc(wrongBookEntries.lastWrongAt), desc(wrongBookEntries.questionId))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db
      .select({ count: count() })
      .from(wrongBookEntries)
      .innerJoin(questions, eq(questions.id, wrongBookEntries.questionId))
      .where(where),
    db
      .select({ category_id: questions.categoryId, name: questionCategories.name, count: count() })
      .from(wrongBookEntries)
      .innerJoin(questions, eq(questions.id, wrongBookEntries.questionId))
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(inBook)
      .groupBy(questions.categoryId, questionCategories.name)
      .orderBy(desc(count()), questionCategories.name),
    wrongBookN(db, siteId),
  ]);
  return {
    list: rows.map(({ lastWrongAt, ...row }) => ({ ...row, last_wrong_at: lastWrongAt.toISOString() })),
    total: counted?.count ?? 0,
    categories,
    wrong_book_n: n,
  };
}

/** Collects a passed question of the organisation (collecting twice changes nothing). */
export async function collectQuestion(db: Executor, siteId: number, userId: number, questionId: number) {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.siteId, siteId), eq(questions.reviewStatus, 'passed')));
  if (!question) throw new AppError('not_found');
  await db.insert(questionCollections).values({ userId, questionId, siteId }).onConflictDoNothing();
  return { ok: true as const };
}

export async function uncollectQuestion(db: Executor, siteId: number, userId: number, questionId: number) {
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(eq(questions.id, questionId), eq(questions.siteId, siteId)));
  if (!question) throw new AppError('not_found');
  await db
    .delete(questionCollections)
    .where(and(eq(questionCollections.userId, userId), eq(questionCollections.questionId, questionId)));
  return { ok: true as const };
}

/** My collected questions of the organisation, newest first. */
export async function myCollection(
  db: Executor,
  siteId: number,
  userId: number,
  input: TListInput,
): Promise<{ list: TCollectedRow[]; total: number }> {
  const where = and(eq(questionCollections.siteId, siteId), eq(questionCollections.userId, userId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        question_id: questionCollections.questionId,
        type: questions.type,
        stem: questions.stem,
        category_name: questionCategories.name,
        createdAt: questionCollections.createdAt,
      })
      .from(questionCollections)
      .innerJoin(questions, eq(questions.id, questionCollections.questionId))
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(where)
      .orderBy(desc(questionCollections.createdAt), desc(questionCollections.questionId))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ count: count() }).from(questionCollections).where(where),
  ]);
  return {
    list: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt.toISOString() })),
    total: counted?.count ?? 0,
  };
}

/** My practice sessions in the organisation, newest first. */
export async function mySessions(
  db: Executor,
  siteId: number,
  userId: number,
  input: TListInput,
): Promise<{ list: TPracticeSession[]; total: number }> {
  const where = and(eq(practiceSessions.siteId, siteId), eq(practiceSessions.userId, userId));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ session: practiceSessions, setName: practiceSets.name })
      .from(practiceSessions)
      .leftJoin(practiceSets, eq(practiceSets.id, practiceSessions.setId))
      .where(where)
      .orderBy(desc(practiceSessions.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ count: count() }).from(practiceSessions).where(where),
  ]);
  return {
    list: rows.map((row) => presentSession({ ...row.session, setName: row.setName })),
    total: counted?.count ?? 0,
  };
}
