import type { TQuestionDetail, TQuestionRecord, TQuestionRow, TQuestionSpec, TSearchRecord } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, count, desc, eq, inArray, notInArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { autoGradedCondition } from './auto-graded.ts';
import { loadCategoryIndex } from './categories.queries.ts';

const { questions, questionCategories, questionRecords, questionSearchRecords, users } = schema;
export type QuestionRecord = typeof questions.$inferSelect;

/** The permission of question reviewers: they may also edit and delete anyone's questions. */
export const QUESTION_REVIEW_KEY = '/dataset-data/verify';

/** Whether the caller may edit or delete the question: its author, or a reviewer. */
export function mayEdit(ctx: TenantContext, question: Pick<QuestionRecord, 'createdBy'>): boolean {
  return question.createdBy === ctx.session.userId || ctx.session.permissions.has(QUESTION_REVIEW_KEY);
}

/** One question of the organisation (locked when asked), else not_found. */
export async function loadQuestion(db: Executor, siteId: number, id: number, lock = false): Promise<QuestionRecord> {
  const query = db
    .select()
    .from(questions)
    .where(and(eq(questions.siteId, siteId), eq(questions.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** Answers not_found unless every id is a record of the organisation in `table`. */
export async function requireOwnIds(
  db: Executor,
  siteId: number,
  table: typeof schema.knowledgeLabels | typeof schema.knowledgeNodes | typeof schema.questions,
  ids: readonly number[],
): Promise<void> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return;
  const [found] = await db
    .select({ count: count() })
    .from(table)
    .where(and(eq(table.siteId, siteId), inArray(table.id, unique)));
  if ((found?.count ?? 0) !== unique.length) throw new AppError('not_found');
}

const creator = alias(users, 'creator');
const reviewer = alias(users, 'reviewer');

/** What a list row needs of a question (not the HTML, options or search grams a page of rows would drag along). */
const listedQuestion = {
  id: questions.id,
  categoryId: questions.categoryId,
  type: questions.type,
  stemText: questions.stemText,
  difficulty: questions.difficulty,
  optionCount: sql<number>`jsonb_array_length(${questions.options})`.mapWith(Number),
  reviewStatus: questions.reviewStatus,
  reviewReason: questions.reviewReason,
  setter: questions.setter,
  source: questions.source,
  answerCount: questions.answerCount,
  correctCount: questions.correctCount,
  updatedAt: questions.updatedAt,
};
type ListedQuestion = {
  [K in keyof typeof listedQuestion]: K extends 'optionCount' ? number : QuestionRecord[Exclude<K, 'optionCount'>];
};

const rowColumns = {
  question: listedQuestion,
  categoryName: questionCategories.name,
  categoryOwner: questionCategories.ownerId,
  creatorName: creator.nickname,
};

function presentRow(row: {
  question: ListedQuestion;
  categoryName: string;
  categoryOwner: number | null;
  creatorName: string | null;
}): TQuestionRow {
  const q = row.question;
  return {
    id: q.id,
    category_id: q.categoryId,
    category_name: row.categoryName,
    private: row.categoryOwner !== null,
    type: q.type,
    stem_text: q.stemText,
    difficulty: q.difficulty,
    option_count: q.optionCount,
    review_status: q.reviewStatus,
    review_reason: q.reviewReason,
    setter: q.setter,
    source: q.source,
    answer_count: q.answerCount,
    correct_count: q.correctCount,
    created_by_name: row.creatorName,
    updated_at: q.updatedAt.toISOString(),
  };
}

export interface QuestionListFilter {
  category_id?: number;
  descendants: boolean;
  type?: QuestionRecord['type'];
  difficulty?: QuestionRecord['difficulty'];
  review_status?: QuestionRecord['reviewStatus'];
  label_id?: number;
  node_id?: number;
  mine: boolean;
  private_only?: boolean | undefined;
  auto_graded?: boolean | undefined;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** The conditions of a list filter; ids of other organisations answer not_found. */
async function listConditions(ctx: TenantContext, filter: QuestionListFilter): Promise<SQL[]> {
  const { siteId, userId } = ctx.session;
  const conditions: SQL[] = [eq(questions.siteId, siteId)];
  const index = await loadCategoryIndex(ctx.db, siteId);
  // Private categories' questions are their owner's alone, and theirs only in "mine" or when the category is named.
  const ownShown =
    filter.mine ||
    filter.private_only ||
    (filter.category_id !== undefined && index.visibleTo(filter.category_id, userId));
  const hidden = index.privateIds(ownShown ? userId : null);
  if (hidden.length > 0) conditions.push(notInArray(questions.categoryId, hidden));
  if (filter.private_only) conditions.push(inArray(questions.categoryId, [-1, ...index.ownedBy(userId)]));
  if (filter.category_id !== undefined) {
    if (!index.visibleTo(filter.category_id, userId)) throw new AppError('not_found');
    const ids = filter.descendants ? index.withDescendants(filter.category_id) : [filter.category_id];
    conditions.push(ids.length === 1 ? eq(questions.categoryId, ids[0]!) : inArray(questions.categoryId, ids));
  }
  if (filter.type) conditions.push(eq(questions.type, filter.type));
  if (filter.difficulty) conditions.push(eq(questions.difficulty, filter.difficulty));
  if (filter.review_status) conditions.push(eq(questions.reviewStatus, filter.review_status));
  if (filter.label_id !== undefined) {
    await requireOwnIds(ctx.db, siteId, schema.knowledgeLabels, [filter.label_id]);
    conditions.push(
      sql`exists (select 1 from question_labels ql where ql.question_id = ${questions.id} and ql.label_id = ${filter.label_id})`,
    );
  }
  if (filter.node_id !== undefined) {
    await requireOwnIds(ctx.db, siteId, schema.knowledgeNodes, [filter.node_id]);
    conditions.push(
      sql`exists (select 1 from question_nodes qn where qn.question_id = ${questions.id} and qn.node_id = ${filter.node_id})`,
    );
  }
  if (filter.mine) conditions.push(eq(questions.createdBy, userId));
  if (filter.auto_graded) conditions.push(autoGradedCondition());
  const keyword = filter.keyword?.trim();
  if (keyword) {
    conditions.push(sql`${questions.stemText} ilike ${likePattern(keyword)}`);
    // The stem's character bigrams (GIN) narrow the rows first; a keyword without two letters in a row has none.
    if (/[\p{L}\p{N}]{2}/u.test(keyword)) conditions.push(sql`${questions.searchGrams} @> question_grams(${keyword})`);
  }
  return conditions;
}

/**
 * One page of the organisation's questions, newest change first. The page's ids are found on the questions table
 * alone (an index walk, however deep the page), then only those rows are joined to their category and author.
 */
export async function listQuestions(ctx: TenantContext, filter: QuestionListFilter) {
  const where = and(...(await listConditions(ctx, filter)));
  const pageIds = ctx.db
    .select({ id: questions.id })
    .from(questions)
    .where(where)
    .orderBy(desc(questions.updatedAt), desc(questions.id))
    .limit(filter.pageSize)
    .offset((filter.page - 1) * filter.pageSize);
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select(rowColumns)
      .from(questions)
      .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
      .leftJoin(creator, eq(creator.id, questions.createdBy))
      .where(inArray(questions.id, pageIds))
      .orderBy(desc(questions.updatedAt), desc(questions.id)),
    ctx.db.select({ count: count() }).from(questions).where(where),
  ]);
  return { list: rows.map(presentRow), total: counted?.count ?? 0, page: filter.page, pageSize: filter.pageSize };
}

/** One question whole, with `editable` for the caller. */
export async function questionDetail(ctx: TenantContext, id: number): Promise<TQuestionDetail> {
  const { siteId } = ctx.session;
  const [found] = await ctx.db
    .select({ ...rowColumns, full: questions, reviewerName: reviewer.nickname })
    .from(questions)
    .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
    .leftJoin(creator, eq(creator.id, questions.createdBy))
    .leftJoin(reviewer, eq(reviewer.id, questions.reviewedBy))
    .where(and(eq(questions.siteId, siteId), eq(questions.id, id)));
  if (!found || (found.categoryOwner !== null && found.categoryOwner !== ctx.session.userId)) {
    throw new AppError('not_found');
  }
  const q = found.full;
  const [labels, nodes, index] = await Promise.all([
    ctx.db
      .select({ id: schema.knowledgeLabels.id, name: schema.knowledgeLabels.name, color: schema.knowledgeLabels.color })
      .from(schema.questionLabels)
      .innerJoin(schema.knowledgeLabels, eq(schema.knowledgeLabels.id, schema.questionLabels.labelId))
      .where(eq(schema.questionLabels.questionId, id))
      .orderBy(asc(schema.knowledgeLabels.name), asc(schema.knowledgeLabels.id)),
    ctx.db
      .select({
        id: schema.knowledgeNodes.id,
        name: schema.knowledgeNodes.name,
        code: schema.knowledgeNodes.code,
        map_id: schema.knowledgeMaps.id,
        map_name: schema.knowledgeMaps.name,
      })
      .from(schema.questionNodes)
      .innerJoin(schema.knowledgeNodes, eq(schema.knowledgeNodes.id, schema.questionNodes.nodeId))
      .innerJoin(schema.knowledgeMaps, eq(schema.knowledgeMaps.id, schema.knowledgeNodes.mapId))
      .where(eq(schema.questionNodes.questionId, id))
      .orderBy(asc(schema.knowledgeMaps.name), asc(schema.knowledgeNodes.code)),
    loadCategoryIndex(ctx.db, siteId),
  ]);
  return {
    ...presentRow(found),
    stem: q.stem,
    options: q.options,
    spec: (q.spec as TQuestionSpec | null) ?? null,
    analysis: q.analysis,
    category_path: index.path(q.categoryId),
    labels,
    nodes,
    version: q.version,
    reviewed_by_name: found.reviewerName,
    reviewed_at: q.reviewedAt?.toISOString() ?? null,
    created_by: q.createdBy,
    created_at: q.createdAt.toISOString(),
    editable: mayEdit(ctx, q),
  };
}

/** A question's edit history, newest first. */
export async function questionHistory(
  db: Executor,
  siteId: number,
  input: { id: number; page: number; pageSize: number },
) {
  await loadQuestion(db, siteId, input.id);
  const where = and(eq(questionRecords.siteId, siteId), eq(questionRecords.questionId, input.id));
  const [rows, [counted]] = await Promise.all([
    db
      .select({ record: questionRecords, userName: users.nickname })
      .from(questionRecords)
      .leftJoin(users, eq(users.id, questionRecords.userId))
      .where(where)
      .orderBy(desc(questionRecords.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ count: count() }).from(questionRecords).where(where),
  ]);
  const list = rows.map(
    ({ record, userName }): TQuestionRecord => ({
      id: record.id,
      action: record.action as TQuestionRecord['action'],
      version: record.version,
      reason: record.reason,
      user_name: userName,
      created_at: record.createdAt.toISOString(),
      snapshot: record.snapshot as TQuestionRecord['snapshot'],
    }),
  );
  return { list, total: counted?.count ?? 0, page: input.page, pageSize: input.pageSize };
}

/** Keyword searches over the bank, newest first; the keyword filters them. */
export async function searchHistory(
  db: Executor,
  siteId: number,
  input: { keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(questionSearchRecords.siteId, siteId)];
  const keyword = input.keyword?.trim();
  if (keyword) conditions.push(sql`${questionSearchRecords.keyword} ilike ${likePattern(keyword)}`);
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ record: questionSearchRecords, userName: users.nickname })
      .from(questionSearchRecords)
      .leftJoin(users, eq(users.id, questionSearchRecords.userId))
      .where(where)
      .orderBy(desc(questionSearchRecords.id))
      .limit(input.pageSize)
      .offset((input.page - 1) * input.pageSize),
    db.select({ count: count() }).from(questionSearchRecords).where(where),
  ]);
  const list = rows.map(
    ({ record, userName }): TSearchRecord => ({
      id: record.id,
      keyword: record.keyword,
      filters: record.filters,
      result_count: record.resultCount,
      user_name: userName,
      created_at: record.createdAt.toISOString(),
    }),
  );
  return { list, total: counted?.count ?? 0, page: input.page, pageSize: input.pageSize };
}
