import type { TPoolPreview } from '@app/contracts';
import { PRACTICE_SET_LIMITS } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { requireOwnRecords } from '../../platform/own-records.ts';
import { autoGradedCondition, loadCategoryIndex } from '../question-bank/index.ts';

const { questions, questionCategories, questionNodes, knowledgeNodes } = schema;

/** What a pool is made of (a practice set row, or the input of the editor's preview). */
export interface PracticePoolSources {
  categoryIds: readonly number[];
  nodeIds: readonly number[];
  questionIds: readonly number[];
}

/** The pool's condition on `questions`, or null for an empty pool (no sources, or none that exist). */
async function poolCondition(db: Executor, siteId: number, set: PracticePoolSources): Promise<SQL | null> {
  const parts: SQL[] = [];
  if (set.categoryIds.length > 0) {
    const index = await loadCategoryIndex(db, siteId);
    const categories = [
      ...new Set(set.categoryIds.flatMap((id) => (index.byId.has(id) ? index.withDescendants(id) : []))),
    ];
    if (categories.length > 0) parts.push(inArray(questions.categoryId, categories));
  }
  if (set.nodeIds.length > 0) {
    const linked = db
      .select({ id: questionNodes.questionId })
      .from(questionNodes)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionNodes.nodeId))
      .where(and(eq(knowledgeNodes.siteId, siteId), inArray(questionNodes.nodeId, [...set.nodeIds])));
    parts.push(inArray(questions.id, linked));
  }
  if (set.questionIds.length > 0) parts.push(inArray(questions.id, [...set.questionIds]));
  if (parts.length === 0) return null;
  // A practice has no marker: only what a machine grades (no essays, no short answers marked by hand).
  return and(eq(questions.siteId, siteId), eq(questions.reviewStatus, 'passed'), autoGradedCondition(), or(...parts))!;
}

/**
 * The ids of a pool's questions: the passed questions a machine grades of the organisation in the set's categories
 * (with every category below them), linked to its knowledge nodes, or chosen one by one — each once, by id (a
 * stable order).
 * Practice sessions draw from this list.
 */
export async function practicePoolQuestionIds(
  db: Executor,
  siteId: number,
  set: PracticePoolSources,
): Promise<number[]> {
  const where = await poolCondition(db, siteId, set);
  if (!where) return [];
  const rows = await db.select({ id: questions.id }).from(questions).where(where).orderBy(asc(questions.id));
  return rows.map((row) => row.id);
}

/** How many questions a pool yields (without fetching them). */
export async function practicePoolSize(db: Executor, siteId: number, set: PracticePoolSources): Promise<number> {
  const where = await poolCondition(db, siteId, set);
  if (!where) return 0;
  const [found] = await db.select({ count: count() }).from(questions).where(where);
  return found?.count ?? 0;
}

/** The pool's size and its first questions, for the editor. */
export async function practicePoolPreview(
  db: Executor,
  siteId: number,
  set: PracticePoolSources,
): Promise<TPoolPreview> {
  const where = await poolCondition(db, siteId, set);
  if (!where) return { count: 0, questions: [] };
  const [counted, rows] = await Promise.all([
    db.select({ count: count() }).from(questions).where(where),
    db
      .select({
        id: questions.id,
        type: questions.type,
        stemText: questions.stemText,
        categoryName: questionCategories.name,
      })
      .from(questions)
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(where)
      .orderBy(asc(questions.id))
      .limit(PRACTICE_SET_LIMITS.previewQuestions),
  ]);
  return {
    count: counted[0]?.count ?? 0,
    questions: rows.map((row) => ({
      id: row.id,
      type: row.type,
      stem_text: row.stemText,
      category_name: row.categoryName,
    })),
  };
}

/** The pool's sources (and the lock category) all belong to the organisation, else not_found. */
export async function requireOwnPoolSources(
  db: Executor,
  siteId: number,
  input: { category_ids: number[]; node_ids: number[]; question_ids: number[]; lock_category_id?: number | null },
): Promise<void> {
  const categories = input.lock_category_id ? [...input.category_ids, input.lock_category_id] : input.category_ids;
  await requireOwnRecords(db, siteId, questionCategories, categories);
  await requireOwnRecords(db, siteId, knowledgeNodes, input.node_ids);
  await requireOwnRecords(db, siteId, questions, input.question_ids);
}

/** The contract's snake_case pool input as pool sources. */
export const poolSourcesOf = (input: { category_ids: number[]; node_ids: number[]; question_ids: number[] }) => ({
  categoryIds: input.category_ids,
  nodeIds: input.node_ids,
  questionIds: input.question_ids,
});
