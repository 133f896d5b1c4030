import type { TKnowledgeMapOption, TKnowledgeMapRow, TKnowledgeOptionNode } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { courses, knowledgeMaps, knowledgeNodes, questionCategories, users } = schema;

export type KnowledgeMapRecord = typeof knowledgeMaps.$inferSelect;

// Written out with table names: drizzle leaves columns of a one-table select unqualified.
const nodeCount = sql<number>`(select count(*)::int from knowledge_nodes n where n.map_id = "knowledge_maps"."id")`;
const questionCount = sql<number>`(select count(distinct qn.question_id)::int from question_nodes qn
  join knowledge_nodes n on n.id = qn.node_id where n.map_id = "knowledge_maps"."id")`;

const rowColumns = {
  map: knowledgeMaps,
  categoryName: questionCategories.name,
  courseName: courses.name,
  createdByName: users.nickname,
  nodeCount,
  questionCount,
};

function presentRow(row: {
  map: KnowledgeMapRecord;
  categoryName: string | null;
  courseName: string | null;
  createdByName: string | null;
  nodeCount: number;
  questionCount: number;
}): TKnowledgeMapRow {
  const { map } = row;
  return {
    id: map.id,
    name: map.name,
    description: map.description,
    category_id: map.categoryId,
    category_name: row.categoryName,
    course_id: map.courseId,
    course_name: row.courseName,
    enabled: map.enabled,
    node_count: row.nodeCount,
    question_count: row.questionCount,
    created_by_name: row.createdByName,
    created_at: map.createdAt.toISOString(),
    updated_at: map.updatedAt.toISOString(),
  };
}

function selectRows(db: Executor, where: SQL | undefined) {
  return db
    .select(rowColumns)
    .from(knowledgeMaps)
    .leftJoin(questionCategories, eq(questionCategories.id, knowledgeMaps.categoryId))
    .leftJoin(courses, eq(courses.id, knowledgeMaps.courseId))
    .leftJoin(users, eq(users.id, knowledgeMaps.createdBy))
    .where(where);
}

/** One map of the organisation (locked when asked), else not_found. */
export async function loadMap(db: Executor, siteId: number, id: number, lock = false): Promise<KnowledgeMapRecord> {
  const query = db
    .select()
    .from(knowledgeMaps)
    .where(and(eq(knowledgeMaps.siteId, siteId), eq(knowledgeMaps.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export async function mapRow(db: Executor, siteId: number, id: number): Promise<TKnowledgeMapRow> {
  const [row] = await selectRows(db, and(eq(knowledgeMaps.siteId, siteId), eq(knowledgeMaps.id, id)));
  if (!row) throw new AppError('not_found');
  return presentRow(row);
}

/** A question category of the organisation, else not_found. */
export async function assertCategory(db: Executor, siteId: number, categoryId: number | null): Promise<void> {
  if (categoryId === null) return;
  const [row] = await db
    .select({ id: questionCategories.id })
    .from(questionCategories)
    .where(and(eq(questionCategories.siteId, siteId), eq(questionCategories.id, categoryId)));
  if (!row) throw new AppError('not_found');
}

export async function listMaps(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; enabled?: boolean; course_id?: number; page: number; pageSize: number },
): Promise<{ list: TKnowledgeMapRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(knowledgeMaps.siteId, siteId)];
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(
      or(sql`${knowledgeMaps.name} ilike ${pattern}`, sql`${knowledgeMaps.description} ilike ${pattern}`),
    );
  }
  if (filter.enabled !== undefined) conditions.push(eq(knowledgeMaps.enabled, filter.enabled));
  if (filter.course_id !== undefined) conditions.push(eq(knowledgeMaps.courseId, filter.course_id));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectRows(db, where)
      .orderBy(desc(knowledgeMaps.updatedAt), desc(knowledgeMaps.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(knowledgeMaps).where(where),
  ]);
  return { list: rows.map(presentRow), total: counted?.count ?? 0 };
}

/** Flat rows with parent ids to trees; children by sort, then code, as the rows come. */
export function buildTree<T extends { id: number; parentId: number | null }, N>(
  rows: readonly T[],
  present: (row: T, children: N[]) => N,
): N[] {
  const childrenOf = new Map<number | null, T[]>();
  const ids = new Set(rows.map((r) => r.id));
  for (const row of rows) {
    const parent = row.parentId !== null && ids.has(row.parentId) ? row.parentId : null;
    const siblings = childrenOf.get(parent) ?? [];
    siblings.push(row);
    childrenOf.set(parent, siblings);
  }
  const visit = (parent: number | null): N[] =>
    (childrenOf.get(parent) ?? []).map((row) => present(row, visit(row.id)));
  return visit(null);
}

/** Enabled maps by name, each with its node tree. */
export async function mapOptions(db: Executor, siteId: number): Promise<TKnowledgeMapOption[]> {
  const [maps, nodes] = await Promise.all([
    db
      .select({ id: knowledgeMaps.id, name: knowledgeMaps.name })
      .from(knowledgeMaps)
      .where(and(eq(knowledgeMaps.siteId, siteId), eq(knowledgeMaps.enabled, true)))
      .orderBy(asc(knowledgeMaps.name), asc(knowledgeMaps.id)),
    db
      .select({
        id: knowledgeNodes.id,
        mapId: knowledgeNodes.mapId,
        parentId: knowledgeNodes.parentId,
        code: knowledgeNodes.code,
        name: knowledgeNodes.name,
      })
      .from(knowledgeNodes)
      .innerJoin(knowledgeMaps, eq(knowledgeMaps.id, knowledgeNodes.mapId))
      .where(and(eq(knowledgeNodes.siteId, siteId), eq(knowledgeMaps.enabled, true)))
      .orderBy(asc(knowledgeNodes.sort), asc(knowledgeNodes.code)),
  ]);
  const byMap = new Map<number, typeof nodes>();
  for (const node of nodes) byMap.set(node.mapId, [...(byMap.get(node.mapId) ?? []), node]);
  return maps.map((map) => ({
    id: map.id,
    name: map.name,
    nodes: buildTree<(typeof nodes)[number], TKnowledgeOptionNode>(byMap.get(map.id) ?? [], (row, children) => ({
      id: row.id,
      code: row.code,
      name: row.name,
      children,
    })),
  }));
}

/** What the audit log keeps of a map. */
export const mapAuditState = (map: KnowledgeMapRecord) => ({
  name: map.name,
  description: map.description,
  category_id: map.categoryId,
  enabled: map.enabled,
  course_id: map.courseId,
});
