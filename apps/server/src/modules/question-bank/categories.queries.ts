import {
  QUESTION_TYPES,
  type TQuestionCategoryDetail,
  type TQuestionCategoryNode,
  type TQuestionCategoryRow,
  type TQuestionCategoryStats,
  type TQuestionType,
  type TReviewStatus,
} from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { questionCategories, users } = schema;
export type CategoryRecord = typeof questionCategories.$inferSelect;
type IndexedCategory = { id: number; parentId: number | null; name: string; ownerId: number | null };

/** The organisation's categories as a small in-memory tree (a bank has at most a few hundred categories). */
export class CategoryIndex {
  readonly byId = new Map<number, IndexedCategory>();
  private readonly children = new Map<number | null, number[]>();

  constructor(rows: readonly IndexedCategory[]) {
    for (const row of rows) {
      this.byId.set(row.id, row);
      const siblings = this.children.get(row.parentId) ?? [];
      siblings.push(row.id);
      this.children.set(row.parentId, siblings);
    }
  }

  /** Names from the root to the category, joined with " / ". */
  path(id: number): string {
    const names: string[] = [];
    const seen = new Set<number>();
    for (
      let at = this.byId.get(id);
      at && !seen.has(at.id);
      at = at.parentId ? this.byId.get(at.parentId) : undefined
    ) {
      seen.add(at.id);
      names.unshift(at.name);
    }
    return names.join(' / ');
  }

  /** The category and every category below it. */
  withDescendants(id: number): number[] {
    const found: number[] = [];
    const queue = [id];
    while (queue.length) {
      const next = queue.shift()!;
      if (found.includes(next)) continue;
      found.push(next);
      queue.push(...(this.children.get(next) ?? []));
    }
    return found;
  }

  /** Whether the caller may see and use the category: the organisation's, or a private one of theirs. */
  visibleTo(id: number, userId: number): boolean {
    const ownerId = this.byId.get(id)?.ownerId;
    return ownerId !== undefined && (ownerId === null || ownerId === userId);
  }

  /** The private categories of a user. */
  ownedBy(userId: number): number[] {
    return [...this.byId.values()].filter((c) => c.ownerId === userId).map((c) => c.id);
  }

  /** Private categories (`/self-data/category`), all or all but those of `exceptOwner`. */
  privateIds(exceptOwner: number | null = null): number[] {
    return [...this.byId.values()].filter((c) => c.ownerId !== null && c.ownerId !== exceptOwner).map((c) => c.id);
  }

  childCount(id: number): number {
    return this.children.get(id)?.length ?? 0;
  }
}

export async function loadCategoryIndex(db: Executor, siteId: number): Promise<CategoryIndex> {
  const rows = await db
    .select({
      id: questionCategories.id,
      parentId: questionCategories.parentId,
      name: questionCategories.name,
      ownerId: questionCategories.ownerId,
    })
    .from(questionCategories)
    .where(eq(questionCategories.siteId, siteId));
  return new CategoryIndex(rows);
}

/**
 * One category of the organisation's bank (locked when asked), else not_found; with `ownerId`, one of that user's
 * private categories instead.
 */
export async function loadCategory(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
  ownerId: number | null = null,
): Promise<CategoryRecord> {
  const owner = ownerId === null ? isNull(questionCategories.ownerId) : eq(questionCategories.ownerId, ownerId);
  const query = db
    .select()
    .from(questionCategories)
    .where(and(eq(questionCategories.siteId, siteId), eq(questionCategories.id, id), owner));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** A category the user may file questions in: the organisation's, or a private one of theirs; else not_found. */
export async function loadUsableCategory(
  db: Executor,
  user: { siteId: number; userId: number },
  id: number,
): Promise<CategoryRecord> {
  const [row] = await db
    .select()
    .from(questionCategories)
    .where(
      and(
        eq(questionCategories.siteId, user.siteId),
        eq(questionCategories.id, id),
        or(isNull(questionCategories.ownerId), eq(questionCategories.ownerId, user.userId)),
      ),
    );
  if (!row) throw new AppError('not_found');
  return row;
}

function presentRow(row: CategoryRecord, path: string, createdByName: string | null): TQuestionCategoryRow {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    path,
    description: row.description,
    sort: row.sort,
    review_status: row.reviewStatus,
    review_reason: row.reviewReason,
    created_by_name: createdByName,
    created_at: row.createdAt.toISOString(),
  };
}

/** The flat list (verification queue), newest first. */
export async function listCategories(
  db: Executor,
  siteId: number,
  filter: { review_status?: TReviewStatus; keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(questionCategories.siteId, siteId), isNull(questionCategories.ownerId)];
  if (filter.review_status) conditions.push(eq(questionCategories.reviewStatus, filter.review_status));
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(ilike(questionCategories.name, likePattern(keyword)));
  const where = and(...conditions);
  const [rows, [counted], index] = await Promise.all([
    db
      .select({ category: questionCategories, creator: users.nickname })
      .from(questionCategories)
      .leftJoin(users, eq(users.id, questionCategories.createdBy))
      .where(where)
      .orderBy(desc(questionCategories.createdAt), desc(questionCategories.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ count: sql<number>`count(*)::int` }).from(questionCategories).where(where),
    loadCategoryIndex(db, siteId),
  ]);
  return {
    list: rows.map((r) => presentRow(r.category, index.path(r.category.id), r.creator)),
    total: counted?.count ?? 0,
    page: filter.page,
    pageSize: filter.pageSize,
  };
}

export async function categoryRow(db: Executor, siteId: number, id: number): Promise<TQuestionCategoryRow> {
  const [[found], index] = await Promise.all([
    db
      .select({ category: questionCategories, creator: users.nickname })
      .from(questionCategories)
      .leftJoin(users, eq(users.id, questionCategories.createdBy))
      .where(
        and(eq(questionCategories.siteId, siteId), eq(questionCategories.id, id), isNull(questionCategories.ownerId)),
      ),
    loadCategoryIndex(db, siteId),
  ]);
  if (!found) throw new AppError('not_found');
  return presentRow(found.category, index.path(id), found.creator);
}

/** Statistics of the questions in the categories given (a category and its descendants). */
async function categoryStats(db: Executor, siteId: number, ids: number[]): Promise<TQuestionCategoryStats> {
  const rows = await queryRows<{
    review_status: string;
    type: string;
    difficulty: string;
    count: number;
    answers: number;
    correct: number;
  }>(
    db,
    sql`select review_status, type, difficulty, count(*)::int as count,
          coalesce(sum(answer_count), 0)::int as answers, coalesce(sum(correct_count), 0)::int as correct
        from questions where site_id = ${siteId} and category_id = any(${sql.raw(`array[${ids.join(',')}]::bigint[]`)})
        group by review_status, type, difficulty`,
  );
  const stats: TQuestionCategoryStats = {
    total: 0,
    by_status: { unreviewed: 0, passed: 0, failed: 0 },
    by_type: Object.fromEntries(QUESTION_TYPES.map((type) => [type, 0])) as Record<TQuestionType, number>,
    by_difficulty: { easy: 0, medium: 0, hard: 0 },
    answer_count: 0,
    correct_count: 0,
  };
  for (const row of rows) {
    stats.total += row.count;
    stats.by_status[row.review_status as TReviewStatus] += row.count;
    stats.by_type[row.type as TQuestionType] += row.count;
    stats.by_difficulty[row.difficulty as 'easy'] += row.count;
    stats.answer_count += row.answers;
    stats.correct_count += row.correct;
  }
  return stats;
}

export async function categoryDetail(db: Executor, siteId: number, id: number): Promise<TQuestionCategoryDetail> {
  const row = await categoryRow(db, siteId, id);
  const index = await loadCategoryIndex(db, siteId);
  const stats = await categoryStats(db, siteId, index.withDescendants(id));
  return { ...row, child_count: index.childCount(id), stats };
}

/**
 * The tree by sort, with each category's own question counts. With `passedOnly`, only passed categories; one whose
 * parent is left out hangs under its nearest passed ancestor (or at the root). The organisation's bank, or with
 * `ownerId` that user's private categories.
 */
export async function categoryTree(
  db: Executor,
  siteId: number,
  passedOnly: boolean,
  ownerId: number | null = null,
): Promise<TQuestionCategoryNode[]> {
  const rows = await queryRows<{
    id: number;
    parent_id: number | null;
    name: string;
    description: string;
    sort: number;
    review_status: TReviewStatus;
    question_count: number;
    passed_count: number;
  }>(
    db,
    sql`select c.id::int as id, c.parent_id::int as parent_id, c.name, c.description, c.sort, c.review_status,
          coalesce(q.total, 0)::int as question_count, coalesce(q.passed, 0)::int as passed_count
        from question_categories c
        left join (
          select category_id, count(*) as total, count(*) filter (where review_status = 'passed') as passed
          from questions where site_id = ${siteId} group by category_id
        ) q on q.category_id = c.id
        where c.site_id = ${siteId} and ${ownerId === null ? sql`c.owner_id is null` : sql`c.owner_id = ${ownerId}`}
        order by c.sort, c.id`,
  );
  const parentOf = new Map(rows.map((r) => [r.id, r.parent_id]));
  const nodes = new Map<number, TQuestionCategoryNode>();
  for (const r of rows) {
    if (passedOnly && r.review_status !== 'passed') continue;
    nodes.set(r.id, {
      id: r.id,
      parent_id: r.parent_id,
      name: r.name,
      description: r.description,
      sort: r.sort,
      review_status: r.review_status,
      question_count: r.question_count,
      passed_count: r.passed_count,
      children: [],
    });
  }
  const roots: TQuestionCategoryNode[] = [];
  for (const node of nodes.values()) {
    let parent = node.parent_id;
    const seen = new Set<number>();
    while (parent !== null && !nodes.has(parent) && !seen.has(parent)) {
      seen.add(parent);
      parent = parentOf.get(parent) ?? null;
    }
    const holder = parent === null ? undefined : nodes.get(parent);
    if (holder) holder.children.push(node);
    else roots.push(node);
  }
  return roots;
}
