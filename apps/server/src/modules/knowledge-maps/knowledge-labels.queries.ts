import {
  KNOWLEDGE_LIMITS,
  type TKnowledgeLabelDetail,
  type TKnowledgeLabelRef,
  type TKnowledgeLabelRow,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, desc, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { knowledgeLabels, knowledgeMaps, knowledgeNodes, nodeLabels, questionLabels, questions, questionCategories } =
  schema;

export type KnowledgeLabelRecord = typeof knowledgeLabels.$inferSelect;

const nodeCount = sql<number>`(select count(*)::int from node_labels nl where nl.label_id = "knowledge_labels"."id")`;
const questionCount = sql<number>`(select count(*)::int from question_labels ql where ql.label_id = "knowledge_labels"."id")`;

function presentRow(label: KnowledgeLabelRecord, nodes: number, questionsCount: number): TKnowledgeLabelRow {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description,
    node_count: nodes,
    question_count: questionsCount,
    created_at: label.createdAt.toISOString(),
  };
}

/** One label of the organisation (locked when asked), else not_found. */
export async function loadLabel(db: Executor, siteId: number, id: number, lock = false): Promise<KnowledgeLabelRecord> {
  const query = db
    .select()
    .from(knowledgeLabels)
    .where(and(eq(knowledgeLabels.siteId, siteId), eq(knowledgeLabels.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export async function labelRow(db: Executor, siteId: number, id: number): Promise<TKnowledgeLabelRow> {
  const [row] = await db
    .select({ label: knowledgeLabels, nodeCount, questionCount })
    .from(knowledgeLabels)
    .where(and(eq(knowledgeLabels.siteId, siteId), eq(knowledgeLabels.id, id)));
  if (!row) throw new AppError('not_found');
  return presentRow(row.label, row.nodeCount, row.questionCount);
}

export async function listLabels(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; page: number; pageSize: number },
): Promise<{ list: TKnowledgeLabelRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(knowledgeLabels.siteId, siteId)];
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(sql`${knowledgeLabels.name} ilike ${likePattern(keyword)}`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ label: knowledgeLabels, nodeCount, questionCount })
      .from(knowledgeLabels)
      .where(where)
      .orderBy(asc(knowledgeLabels.name), asc(knowledgeLabels.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(knowledgeLabels).where(where),
  ]);
  return {
    list: rows.map((row) => presentRow(row.label, row.nodeCount, row.questionCount)),
    total: counted?.count ?? 0,
  };
}

export async function labelDetail(db: Executor, siteId: number, id: number): Promise<TKnowledgeLabelDetail> {
  const row = await labelRow(db, siteId, id);
  const [nodes, carried] = await Promise.all([
    db
      .select({
        id: knowledgeNodes.id,
        code: knowledgeNodes.code,
        name: knowledgeNodes.name,
        map_id: knowledgeMaps.id,
        map_name: knowledgeMaps.name,
      })
      .from(nodeLabels)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, nodeLabels.nodeId))
      .innerJoin(knowledgeMaps, eq(knowledgeMaps.id, knowledgeNodes.mapId))
      .where(eq(nodeLabels.labelId, row.id))
      .orderBy(asc(knowledgeMaps.name), asc(knowledgeNodes.code)),
    db
      .select({
        id: questions.id,
        stem_text: questions.stemText,
        type: questions.type,
        review_status: questions.reviewStatus,
        category_name: questionCategories.name,
      })
      .from(questionLabels)
      .innerJoin(questions, eq(questions.id, questionLabels.questionId))
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .where(eq(questionLabels.labelId, row.id))
      .orderBy(desc(questions.updatedAt), desc(questions.id))
      .limit(KNOWLEDGE_LIMITS.labelQuestions),
  ]);
  return { ...row, nodes, questions: carried };
}

export async function labelOptions(db: Executor, siteId: number): Promise<TKnowledgeLabelRef[]> {
  return db
    .select({ id: knowledgeLabels.id, name: knowledgeLabels.name, color: knowledgeLabels.color })
    .from(knowledgeLabels)
    .where(eq(knowledgeLabels.siteId, siteId))
    .orderBy(asc(knowledgeLabels.name), asc(knowledgeLabels.id));
}

export const labelAuditState = (label: KnowledgeLabelRecord) => ({
  name: label.name,
  color: label.color,
  description: label.description,
});
