import type {
  TMyQuestionReport,
  TQuestionReportDetail,
  TQuestionReportKind,
  TQuestionReportRow,
  TQuestionReportStatus,
  TQuestionSpec,
} from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { questionReports, questions, questionCategories, users } = schema;
const handlers = alias(users, 'handlers');

export type QuestionReportRecord = typeof questionReports.$inferSelect;

export interface ReportFilter {
  kind?: TQuestionReportKind;
  status?: TQuestionReportStatus;
  keyword?: string;
  page: number;
  pageSize: number;
}

const rowColumns = {
  report: questionReports,
  stemText: questions.stemText,
  userName: users.nickname,
  handlerName: handlers.nickname,
};
type JoinedRow = {
  report: QuestionReportRecord;
  stemText: string | null;
  userName: string | null;
  handlerName: string | null;
};

function presentRow(row: JoinedRow): TQuestionReportRow {
  const r = row.report;
  return {
    id: r.id,
    kind: r.kind,
    question_id: r.questionId,
    question_stem_text: row.stemText,
    content: r.content,
    status: r.status,
    reply: r.reply,
    user_name: row.userName,
    handled_by_name: row.handlerName,
    handled_at: r.handledAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

export function presentMine(row: TQuestionReportRow): TMyQuestionReport {
  const { user_name: _user, handled_by_name: _handler, ...mine } = row;
  return mine;
}

function joined(db: Executor) {
  return db
    .select(rowColumns)
    .from(questionReports)
    .leftJoin(questions, eq(questions.id, questionReports.questionId))
    .leftJoin(users, eq(users.id, questionReports.userId))
    .leftJoin(handlers, eq(handlers.id, questionReports.handledBy));
}

/**
 * Reports of the organisation (or of one reporter when `userId` is given): pending first then newest for the
 * content manager's queue, newest first for a reporter's own list.
 */
export async function listReports(
  db: Executor,
  siteId: number,
  filter: ReportFilter,
  userId?: number,
): Promise<{ list: TQuestionReportRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(questionReports.siteId, siteId)];
  if (userId !== undefined) conditions.push(eq(questionReports.userId, userId));
  if (filter.kind) conditions.push(eq(questionReports.kind, filter.kind));
  if (filter.status) conditions.push(eq(questionReports.status, filter.status));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const pattern = likePattern(keyword);
    conditions.push(
      or(
        sql`${questionReports.content} ilike ${pattern}`,
        sql`${questions.stemText} ilike ${pattern}`,
        ...(userId === undefined
          ? [sql`${users.nickname} ilike ${pattern}`, sql`${users.username} ilike ${pattern}`]
          : []),
      ),
    );
  }
  const where = and(...conditions);
  const order =
    userId === undefined
      ? [desc(sql`${questionReports.status} = 'pending'`), desc(questionReports.id)]
      : [desc(questionReports.id)];
  const [rows, [counted]] = await Promise.all([
    joined(db)
      .where(where)
      .orderBy(...order)
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(questionReports)
      .leftJoin(questions, eq(questions.id, questionReports.questionId))
      .leftJoin(users, eq(users.id, questionReports.userId))
      .where(where),
  ]);
  return { list: rows.map(presentRow), total: counted?.count ?? 0 };
}

/** One report of the organisation (locked when asked), else not_found. */
export async function loadReport(
  db: Executor,
  siteId: number,
  id: number,
  lock = false,
): Promise<QuestionReportRecord> {
  const query = db
    .select()
    .from(questionReports)
    .where(and(eq(questionReports.siteId, siteId), eq(questionReports.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

export async function reportRow(db: Executor, siteId: number, id: number): Promise<TQuestionReportRow> {
  const [row] = await joined(db).where(and(eq(questionReports.siteId, siteId), eq(questionReports.id, id)));
  if (!row) throw new AppError('not_found');
  return presentRow(row);
}

export async function reportDetail(db: Executor, siteId: number, id: number): Promise<TQuestionReportDetail> {
  const row = await reportRow(db, siteId, id);
  if (row.question_id === null) return { ...row, question: null };
  const [question] = await db
    .select({ question: questions, categoryName: questionCategories.name })
    .from(questions)
    .innerJoin(questionCategories, eq(questionCategories.id, questions.categoryId))
    .where(and(eq(questions.siteId, siteId), eq(questions.id, row.question_id)));
  if (!question) return { ...row, question: null };
  const q = question.question;
  return {
    ...row,
    question: {
      id: q.id,
      type: q.type,
      stem: q.stem,
      stem_text: q.stemText,
      options: q.options,
      spec: (q.spec as TQuestionSpec | null) ?? null,
      analysis: q.analysis,
      category_id: q.categoryId,
      category_name: question.categoryName,
      review_status: q.reviewStatus,
      answer_count: q.answerCount,
      correct_count: q.correctCount,
    },
  };
}

/** A passed question of the organisation (what learners see), else not_found. */
export async function loadPassedQuestion(db: Executor, siteId: number, id: number) {
  const [row] = await db
    .select({ id: questions.id, stemText: questions.stemText })
    .from(questions)
    .where(and(eq(questions.siteId, siteId), eq(questions.id, id), eq(questions.reviewStatus, 'passed')));
  if (!row) throw new AppError('not_found');
  return row;
}
