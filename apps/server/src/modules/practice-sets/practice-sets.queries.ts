import type { TPracticeSetDetail, TPracticeSetRow, TPracticeSetStatus } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { type AudienceChoice, audienceDetail } from '../audiences/index.ts';
import { practicePoolSize } from './practice-pool.queries.ts';

const { practiceSets, practiceSessions, questionCategories, knowledgeNodes, questions, users } = schema;
export type PracticeSetRecord = typeof practiceSets.$inferSelect;

const creator = alias(users, 'creator');
const lockCategory = alias(questionCategories, 'lock_category');

// Written out with table names: a bare "id" in the subquery would name the inner table's own id.
const joinedCount = sql<number>`(select count(*)::int from practice_joins j where j.set_id = "practice_sets"."id")`;
const sessionCount = sql<number>`(select count(*)::int from practice_sessions s where s.set_id = "practice_sets"."id")`;

/** One set of the organisation (locked when asked), else not_found. */
export async function loadSet(db: Executor, siteId: number, id: number, lock = false): Promise<PracticeSetRecord> {
  const query = db
    .select()
    .from(practiceSets)
    .where(and(eq(practiceSets.siteId, siteId), eq(practiceSets.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** How many sessions learners have had on a set. */
export async function setSessionCount(db: Executor, setId: number): Promise<number> {
  const [found] = await db.select({ count: count() }).from(practiceSessions).where(eq(practiceSessions.setId, setId));
  return found?.count ?? 0;
}

/** What the audit log keeps of a set (with its chosen audience). */
export const setAuditState = (set: PracticeSetRecord, chosen: AudienceChoice) => ({
  name: set.name,
  description: set.description,
  status: set.status,
  category_ids: set.categoryIds,
  node_ids: set.nodeIds,
  question_ids: set.questionIds,
  per_session: set.perSession,
  lock_category_id: set.lockCategoryId,
  audience: set.audience,
  audience_group_ids: chosen.groupIds,
  audience_user_ids: chosen.userIds,
});

const listed = {
  set: practiceSets,
  creatorName: creator.nickname,
  lockCategoryName: lockCategory.name,
  joinedCount,
  sessionCount,
};

type ListedRow = { set: PracticeSetRecord; creatorName: string | null; lockCategoryName: string | null } & {
  joinedCount: number;
  sessionCount: number;
};

async function presentRow(db: Executor, row: ListedRow): Promise<TPracticeSetRow> {
  const { set } = row;
  return {
    id: set.id,
    name: set.name,
    description: set.description,
    status: set.status,
    per_session: set.perSession,
    pool_size: await practicePoolSize(db, set.siteId, set),
    joined_count: row.joinedCount,
    session_count: row.sessionCount,
    lock_category_id: set.lockCategoryId,
    lock_category_name: row.lockCategoryName,
    created_by_name: row.creatorName,
    created_at: set.createdAt.toISOString(),
    updated_at: set.updatedAt.toISOString(),
  };
}

function selectListed(db: Executor) {
  return db
    .select(listed)
    .from(practiceSets)
    .leftJoin(creator, eq(creator.id, practiceSets.createdBy))
    .leftJoin(lockCategory, eq(lockCategory.id, practiceSets.lockCategoryId));
}

export async function listSets(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; status?: TPracticeSetStatus; page: number; pageSize: number },
): Promise<{ list: TPracticeSetRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(practiceSets.siteId, siteId)];
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(sql`${practiceSets.name} ilike ${likePattern(keyword)}`);
  if (filter.status) conditions.push(eq(practiceSets.status, filter.status));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    selectListed(db)
      .where(where)
      .orderBy(desc(practiceSets.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: count() }).from(practiceSets).where(where),
  ]);
  const list: TPracticeSetRow[] = [];
  for (const row of rows) list.push(await presentRow(db, row));
  return { list, total: counted?.count ?? 0 };
}

async function named(db: Executor, siteId: number, kind: 'categories' | 'nodes' | 'questions', ids: number[]) {
  if (ids.length === 0) return [];
  const rows =
    kind === 'categories'
      ? await db
          .select({ id: questionCategories.id, name: questionCategories.name })
          .from(questionCategories)
          .where(and(eq(questionCategories.siteId, siteId), inArray(questionCategories.id, ids)))
          .orderBy(asc(questionCategories.id))
      : kind === 'nodes'
        ? await db
            .select({ id: knowledgeNodes.id, name: knowledgeNodes.name })
            .from(knowledgeNodes)
            .where(and(eq(knowledgeNodes.siteId, siteId), inArray(knowledgeNodes.id, ids)))
            .orderBy(asc(knowledgeNodes.id))
        : await db
            .select({ id: questions.id, name: sql<string>`left(${questions.stemText}, 100)` })
            .from(questions)
            .where(and(eq(questions.siteId, siteId), inArray(questions.id, ids)))
            .orderBy(asc(questions.id));
  return rows;
}

export async function setDetail(db: Executor, siteId: number, id: number): Promise<TPracticeSetDetail> {
  const [row] = await selectListed(db).where(and(eq(practiceSets.siteId, siteId), eq(practiceSets.id, id)));
  if (!row) throw new AppError('not_found');
  const { set } = row;
  return {
    ...(await presentRow(db, row)),
    category_ids: set.categoryIds,
    node_ids: set.nodeIds,
    question_ids: set.questionIds,
    categories: await named(db, siteId, 'categories', set.categoryIds),
    nodes: await named(db, siteId, 'nodes', set.nodeIds),
    questions: await named(db, siteId, 'questions', set.questionIds),
    audience: await audienceDetail(db, siteId, 'practice_set', set),
  };
}
