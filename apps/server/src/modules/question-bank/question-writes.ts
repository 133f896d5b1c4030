import type { ZQuestionInput } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { assertNodesLinkable } from '../knowledge-maps/index.ts';
import { reviewSwitches } from '../settings/index.ts';
import { type CategoryRecord, loadUsableCategory } from './categories.queries.ts';
import type { PreparedContent } from './question-html.ts';
import { type QuestionRecord, requireOwnIds } from './questions.queries.ts';

/** A question as the contract parses it (create, update and each import row). */
export type QuestionInput = z.output<typeof ZQuestionInput>;

/**
 * Checks what a saved question points at: a passed category of the organisation or a private category of the author
 * (`/self-data/category`), its labels and nodes. Nodes it newly links must be in an enabled map
 * (knowledge_map_disabled); links it already had (`linkedNodeIds`) stay. Answers the category.
 */
export async function checkQuestionRefs(
  tx: Executor,
  author: { siteId: number; userId: number },
  input: QuestionInput,
  linkedNodeIds: readonly number[] = [],
): Promise<CategoryRecord> {
  const { siteId } = author;
  const category = await loadUsableCategory(tx, author, input.category_id);
  await requireOwnIds(tx, siteId, schema.knowledgeLabels, input.label_ids);
  await requireOwnIds(tx, siteId, schema.knowledgeNodes, input.node_ids);
  const kept = new Set(linkedNodeIds);
  await assertNodesLinkable(
    tx,
    siteId,
    input.node_ids.filter((id) => !kept.has(id)),
  );
  if (category.reviewStatus !== 'passed') throw new AppError('category_not_passed');
  return category;
}

/** The knowledge nodes a question is linked to now. */
export async function linkedNodeIds(tx: Executor, questionId: number): Promise<number[]> {
  const rows = await tx
    .select({ nodeId: schema.questionNodes.nodeId })
    .from(schema.questionNodes)
    .where(eq(schema.questionNodes.questionId, questionId));
  return rows.map((row) => row.nodeId);
}

/** Replaces the question's labels and knowledge nodes with those given. */
export async function saveQuestionLinks(tx: Executor, questionId: number, input: QuestionInput): Promise<void> {
  await tx.delete(schema.questionLabels).where(eq(schema.questionLabels.questionId, questionId));
  await tx.delete(schema.questionNodes).where(eq(schema.questionNodes.questionId, questionId));
  const labelIds = [...new Set(input.label_ids)];
  const nodeIds = [...new Set(input.node_ids)];
  if (labelIds.length) {
    await tx.insert(schema.questionLabels).values(labelIds.map((labelId) => ({ questionId, labelId })));
  }
  if (nodeIds.length) {
    await tx.insert(schema.questionNodes).values(nodeIds.map((nodeId) => ({ questionId, nodeId })));
  }
}

/** The columns a save writes from the input and its sanitised content. */
export function questionValues(input: QuestionInput, content: PreparedContent) {
  return {
    categoryId: input.category_id,
    type: input.type,
    stem: content.stem,
    stemText: content.stemText,
    options: content.options,
    spec: content.spec,
    analysis: content.analysis,
    difficulty: input.difficulty,
    source: input.source,
    setter: input.setter,
  };
}

export type RecordAction =
  | 'create'
  | 'update'
  | 'import'
  | 'review_pass'
  | 'review_fail'
  | 'review_auto'
  | 'correction'
  | 'submit';

/** Writes one line of a question's edit history with the question's fields after the action. */
export async function recordQuestion(
  tx: Executor,
  question: QuestionRecord,
  entry: { action: RecordAction; userId: number | null; reason?: string; labelIds?: number[]; nodeIds?: number[] },
): Promise<void> {
  await tx.insert(schema.questionRecords).values({
    siteId: question.siteId,
    questionId: question.id,
    action: entry.action,
    version: question.version,
    reason: entry.reason ?? '',
    userId: entry.userId,
    snapshot: {
      type: question.type,
      stem: question.stem,
      options: question.options,
      spec: question.spec,
      analysis: question.analysis,
      difficulty: question.difficulty,
      category_id: question.categoryId,
      review_status: question.reviewStatus,
      source: question.source,
      setter: question.setter,
      ...(entry.labelIds ? { label_ids: entry.labelIds } : {}),
      ...(entry.nodeIds ? { node_ids: entry.nodeIds } : {}),
    },
  });
}

/**
 * While the organisation does not review questions (`question_review` off, `review-switches.ts`), a question just
 * saved passes at once: passed by nobody (the system), with a `review_auto` line in its history. A question in a
 * private category stays as it is: it is not in the bank yet.
 */
export async function passUnlessReviewed(
  tx: Executor,
  question: QuestionRecord,
  category: Pick<CategoryRecord, 'ownerId'>,
): Promise<void> {
  if (category.ownerId !== null) return;
  if ((await reviewSwitches(tx, question.siteId)).question_review) return;
  const [passed] = await tx
    .update(schema.questions)
    .set({ reviewStatus: 'passed', reviewReason: '', reviewedBy: null, reviewedAt: new Date() })
    .where(eq(schema.questions.id, question.id))
    .returning();
  await recordQuestion(tx, passed!, { action: 'review_auto', userId: null });
}
