import { type Executor, schema } from '@app/db';
import type { ExamBlueprint } from '@app/db/schema/index.ts';
import { and, asc, count, eq, inArray, or, type SQL } from 'drizzle-orm';
import { loadCategoryIndex } from '../question-bank/index.ts';
import { type BlueprintCell, blueprintCells } from './blueprint-cells.ts';

const { questions, questionNodes, knowledgeNodes } = schema;

/** What a blueprint draws from; the cells' type and difficulty narrow it further. */
type BlueprintSources = Pick<ExamBlueprint, 'categoryIds' | 'nodeIds'>;

/**
 * The blueprint's pool as a condition on `questions`: the organisation's passed questions in its categories (with
 * every category below them) or linked to its knowledge nodes (the union, as for practice sets). A blueprint naming
 * neither draws from all the organisation's passed questions. Unknown or foreign ids match nothing.
 */
async function poolCondition(db: Executor, siteId: number, blueprint: BlueprintSources): Promise<SQL> {
  const base = and(eq(questions.siteId, siteId), eq(questions.reviewStatus, 'passed'))!;
  if (blueprint.categoryIds.length === 0 && blueprint.nodeIds.length === 0) return base;
  const parts: SQL[] = [];
  if (blueprint.categoryIds.length > 0) {
    const index = await loadCategoryIndex(db, siteId);
    const categories = [
      ...new Set(blueprint.categoryIds.flatMap((id) => (index.byId.has(id) ? index.withDescendants(id) : []))),
    ];
    if (categories.length > 0) parts.push(inArray(questions.categoryId, categories));
  }
  if (blueprint.nodeIds.length > 0) {
    const linked = db
      .select({ id: questionNodes.questionId })
      .from(questionNodes)
      .innerJoin(knowledgeNodes, eq(knowledgeNodes.id, questionNodes.nodeId))
      .where(and(eq(knowledgeNodes.siteId, siteId), inArray(questionNodes.nodeId, [...blueprint.nodeIds])));
    parts.push(inArray(questions.id, linked));
  }
  if (parts.length === 0) return and(base, eq(questions.id, -1))!;
  return and(base, or(...parts))!;
}

function cellCondition(cell: Pick<BlueprintCell, 'type' | 'difficulty'>): SQL {
  return cell.difficulty
    ? and(eq(questions.type, cell.type), eq(questions.difficulty, cell.difficulty))!
    : eq(questions.type, cell.type);
}

/** One blueprint cell with what it needs and what the pool has. */
export interface CellAvailability extends BlueprintCell {
  available: number;
}

/**
 * Every cell of the blueprint (see blueprintCells) with the number of pool questions of its type and difficulty
 * (difficulty null = any). A cell is short when `available < count`. One grouped query for all cells.
 */
export async function countPoolByCell(
  db: Executor,
  siteId: number,
  blueprint: ExamBlueprint,
): Promise<CellAvailability[]> {
  const cells = blueprintCells(blueprint);
  if (cells.length === 0) return [];
  const where = await poolCondition(db, siteId, blueprint);
  const rows = await db
    .select({ type: questions.type, difficulty: questions.difficulty, n: count() })
    .from(questions)
    .where(where)
    .groupBy(questions.type, questions.difficulty);
  return cells.map((cell) => ({
    ...cell,
    available: rows
      .filter((row) => row.type === cell.type && (cell.difficulty === null || row.difficulty === cell.difficulty))
      .reduce((sum, row) => sum + Number(row.n), 0),
  }));
}

/** The ids of the pool questions of one cell, by id (a stable order; the caller draws `cell.count` of them). */
export async function poolQuestionIds(
  db: Executor,
  siteId: number,
  blueprint: ExamBlueprint,
  cell: Pick<BlueprintCell, 'type' | 'difficulty'>,
): Promise<number[]> {
  const where = await poolCondition(db, siteId, blueprint);
  const rows = await db
    .select({ id: questions.id })
    .from(questions)
    .where(and(where, cellCondition(cell)))
    .orderBy(asc(questions.id));
  return rows.map((row) => row.id);
}
