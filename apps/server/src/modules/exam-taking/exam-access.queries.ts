import { type Executor, outerColumn, schema } from '@app/db';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type AudienceColumns, userInAudience } from '../audiences/index.ts';

const { exams, examAttempts, sites, siteUsers } = schema;

export type ExamRecord = typeof exams.$inferSelect & { siteName: string };
export type AttemptRecord = typeof examAttempts.$inferSelect;

/**
 * The user sees the exam: an active member of its organisation in its audience, or somebody who already has an
 * attempt on it (narrowing the audience never takes an exam away from who took it).
 */
export function examVisibleTo(exam: AudienceColumns, userId: number): SQL {
  return sql`(${userInAudience('exam', exam, userId)}
    or exists (select 1 from exam_attempts va where va.exam_id = ${exam.id} and va.user_id = ${userId}))`;
}

/**
 * An exam the caller may see: one of an organisation the caller is an active member of whose audience has the
 * caller (or on which the caller has an attempt), not a draft of another organisation. Otherwise not_found.
 */
export async function findVisibleExam(db: Executor, userId: number, examId: number): Promise<ExamRecord | undefined> {
  const columns = {
    id: outerColumn(exams.id),
    siteId: outerColumn(exams.siteId),
    audience: outerColumn(exams.audience),
  };
  const [row] = await db
    .select({ exam: exams, siteName: sites.name })
    .from(exams)
    .innerJoin(sites, eq(sites.id, exams.siteId))
    .innerJoin(
      siteUsers,
      and(eq(siteUsers.siteId, exams.siteId), eq(siteUsers.userId, userId), eq(siteUsers.status, 'active')),
    )
    .where(and(eq(exams.id, examId), examVisibleTo(columns, userId)));
  return row ? { ...row.exam, siteName: row.siteName } : undefined;
}

/**
 * An exam the caller may take part in now: visible (else not_found), of the current organisation (else
 * exam_other_site naming the exam's organisation) and not a draft (exam_not_published).
 */
export async function requireCurrentSiteExam(ctx: TenantContext, examId: number): Promise<ExamRecord> {
  const exam = await findVisibleExam(ctx.db, ctx.session.userId, examId);
  if (!exam || (exam.status === 'draft' && exam.siteId !== ctx.session.siteId)) throw new AppError('not_found');
  if (exam.siteId !== ctx.session.siteId) throw new AppError('exam_other_site', { site: exam.siteName });
  if (exam.status === 'draft') throw new AppError('exam_not_published');
  return exam;
}

/** The caller's own attempt in the current organisation, else not_found. */
export async function loadMyAttempt(ctx: TenantContext, attemptId: number): Promise<AttemptRecord> {
  const [attempt] = await ctx.db
    .select()
    .from(examAttempts)
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.siteId, ctx.session.siteId),
        eq(examAttempts.userId, ctx.session.userId),
      ),
    );
  if (!attempt) throw new AppError('not_found');
  return attempt;
}

/** The caller's own attempt in the current organisation with its exam (one query), else not_found. */
export async function loadMyAttemptWithExam(ctx: TenantContext, attemptId: number) {
  const [row] = await ctx.db
    .select({ attempt: examAttempts, exam: exams })
    .from(examAttempts)
    .innerJoin(exams, eq(exams.id, examAttempts.examId))
    .where(
      and(
        eq(examAttempts.id, attemptId),
        eq(examAttempts.siteId, ctx.session.siteId),
        eq(examAttempts.userId, ctx.session.userId),
      ),
    );
  if (!row) throw new AppError('not_found');
  return row;
}

/** The exam of an attempt (same organisation). */
export async function examOf(db: Executor, attempt: Pick<AttemptRecord, 'examId' | 'siteId'>) {
  const [exam] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.id, attempt.examId), eq(exams.siteId, attempt.siteId)));
  if (!exam) throw new AppError('not_found');
  return exam;
}

/** Milliseconds left before the deadline (never negative). */
export const remainingMs = (deadline: Date, now = Date.now()) => Math.max(0, deadline.getTime() - now);

/** Records one event of an attempt's evidence timeline. */
export async function recordExamEvent(
  db: Executor,
  siteId: number,
  attemptId: number,
  kind: (typeof schema.examEvents.$inferInsert)['kind'],
  detail: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(schema.examEvents).values({ siteId, attemptId, kind, detail });
}
