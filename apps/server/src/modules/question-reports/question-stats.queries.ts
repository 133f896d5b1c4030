import {
  ERROR_PRONE_DEFAULTS,
  type TContentManagerHome,
  type TErrorProneRow,
  type TQuestionReportKind,
  type TReviewStatus,
} from '@app/contracts';
import { type Executor, queryRows, schema } from '@app/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

export interface ErrorProneFilter {
  category_id?: number;
  min_answers: number;
  min_rate?: number;
  keyword?: string;
  page: number;
  pageSize: number;
}

const WRONG_RATE = sql`((q.answer_count - q.correct_count)::float8 / q.answer_count)`;

/** The conditions of the error-prone list: enough answers, category with its descendants, least rate, keyword. */
async function errorProneWhere(db: Executor, siteId: number, filter: Omit<ErrorProneFilter, 'page' | 'pageSize'>) {
  const conditions: SQL[] = [sql`q.site_id = ${siteId}`, sql`q.answer_count >= ${filter.min_answers}`];
  if (filter.category_id !== undefined) {
    const [category] = await db
      .select({ id: schema.questionCategories.id })
      .from(schema.questionCategories)
      .where(and(eq(schema.questionCategories.siteId, siteId), eq(schema.questionCategories.id, filter.category_id)));
    if (!category) throw new AppError('not_found');
    conditions.push(sql`q.category_id IN (
      WITH RECURSIVE tree AS (
        SELECT id FROM question_categories WHERE id = ${category.id} AND site_id = ${siteId}
        UNION ALL
        SELECT c.id FROM question_categories c JOIN tree ON c.parent_id = tree.id
      ) SELECT id FROM tree)`);
  }
  if (filter.min_rate !== undefined) conditions.push(sql`${WRONG_RATE} >= ${filter.min_rate}`);
  const keyword = filter.keyword?.trim();
  if (keyword) conditions.push(sql`q.stem_text ILIKE ${likePattern(keyword)}`);
  return sql.join(conditions, sql` AND `);
}

/** `/dataset-data/error-prone`: highest wrong rate first, then most answers, then newest. */
export async function listErrorProne(
  db: Executor,
  siteId: number,
  filter: ErrorProneFilter,
): Promise<{ list: TErrorProneRow[]; total: number }> {
  const where = await errorProneWhere(db, siteId, filter);
  const [list, [counted]] = await Promise.all([
    queryRows<TErrorProneRow>(
      db,
      sql`SELECT q.id::int AS id, q.category_id::int AS category_id, c.name AS category_name, q.type, q.stem_text,
            q.difficulty, q.review_status, q.answer_count, q.correct_count,
            (q.answer_count - q.correct_count) AS wrong_count, ${WRONG_RATE} AS wrong_rate
          FROM questions q JOIN question_categories c ON c.id = q.category_id
          WHERE ${where}
          ORDER BY wrong_rate DESC, q.answer_count DESC, q.id DESC
          LIMIT ${filter.pageSize} OFFSET ${(filter.page - 1) * filter.pageSize}`,
    ),
    queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM questions q WHERE ${where}`),
  ]);
  return { list, total: counted?.count ?? 0 };
}

/** `/user/index-content-manager`: the figures of the organisation's bank. */
export async function contentManagerHome(db: Executor, siteId: number): Promise<TContentManagerHome> {
  const errorProne = await errorProneWhere(db, siteId, {
    min_answers: ERROR_PRONE_DEFAULTS.minAnswers,
    min_rate: ERROR_PRONE_DEFAULTS.homeRate,
  });
  const [statuses, [categories], reports, [prone], days] = await Promise.all([
    queryRows<{ status: TReviewStatus; count: number }>(
      db,
      sql`SELECT review_status AS status, count(*)::int AS count FROM questions WHERE site_id = ${siteId}
          GROUP BY review_status`,
    ),
    queryRows<{ total: number; unreviewed: number }>(
      db,
      sql`SELECT count(*)::int AS total, count(*) FILTER (WHERE review_status = 'unreviewed')::int AS unreviewed
          FROM question_categories WHERE site_id = ${siteId}`,
    ),
    queryRows<{ kind: TQuestionReportKind; count: number }>(
      db,
      sql`SELECT kind, count(*)::int AS count FROM question_reports WHERE site_id = ${siteId} AND status = 'pending'
          GROUP BY kind`,
    ),
    queryRows<{ count: number }>(db, sql`SELECT count(*)::int AS count FROM questions q WHERE ${errorProne}`),
    queryRows<{ day: string; count: number }>(
      db,
      sql`SELECT to_char(d.day, 'YYYY-MM-DD') AS day, count(q.id)::int AS count
          FROM generate_series(date_trunc('day', now()) - interval '6 days', date_trunc('day', now()), interval '1 day') AS d(day)
          LEFT JOIN questions q ON q.site_id = ${siteId} AND q.created_at >= d.day AND q.created_at < d.day + interval '1 day'
          GROUP BY d.day ORDER BY d.day`,
    ),
  ]);
  const byStatus: Record<TReviewStatus, number> = { unreviewed: 0, passed: 0, failed: 0 };
  for (const row of statuses) byStatus[row.status] = row.count;
  const pending: Record<TQuestionReportKind, number> = { correction: 0, feedback: 0 };
  for (const row of reports) pending[row.kind] = row.count;
  return {
    questions: { total: statuses.reduce((sum, row) => sum + row.count, 0), by_status: byStatus },
    categories: { total: categories?.total ?? 0, unreviewed: categories?.unreviewed ?? 0 },
    pending_reports: pending,
    error_prone: prone?.count ?? 0,
    added_last_7_days: days,
  };
}
