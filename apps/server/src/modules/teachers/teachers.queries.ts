import type { TTeacherRow, TTeacherStatus } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const { teacherProfiles, users } = schema;

export type TeacherRecord = typeof teacherProfiles.$inferSelect;

export const teacherColumns = { profile: teacherProfiles, username: users.username, nickname: users.nickname };

export function presentTeacher(row: { profile: TeacherRecord; username: string; nickname: string }): TTeacherRow {
  const p = row.profile;
  return {
    id: p.id,
    user_id: p.userId,
    username: row.username,
    nickname: row.nickname,
    title: p.title,
    bio: p.bio,
    subjects: p.subjects,
    status: p.status,
    reject_reason: p.rejectReason,
    blacklisted: p.blacklisted,
    top: p.top,
    applied_at: p.appliedAt.toISOString(),
    verified_at: p.verifiedAt?.toISOString() ?? null,
    resume_url: p.resumeUrl,
  };
}

/** What the audit log keeps of a teacher record. */
export function teacherAuditState(p: TeacherRecord) {
  return {
    user_id: p.userId,
    title: p.title,
    bio: p.bio,
    subjects: p.subjects,
    status: p.status,
    reject_reason: p.rejectReason,
    blacklisted: p.blacklisted,
    top: p.top,
  };
}

/** One teacher record of the organisation (locked when asked), else not_found. */
export async function loadTeacher(db: Executor, siteId: number, id: number, lock = false): Promise<TeacherRecord> {
  const query = db
    .select()
    .from(teacherProfiles)
    .where(and(eq(teacherProfiles.siteId, siteId), eq(teacherProfiles.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('not_found');
  return row;
}

/** A teacher record as the contract shows it. */
export async function teacherRow(db: Executor, siteId: number, id: number): Promise<TTeacherRow> {
  const [row] = await db
    .select(teacherColumns)
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.siteId, siteId), eq(teacherProfiles.id, id)));
  if (!row) throw new AppError('not_found');
  return presentTeacher(row);
}

/** The caller's own record in an organisation, or null. */
export async function ownTeacherRow(db: Executor, siteId: number, userId: number): Promise<TTeacherRow | null> {
  const [row] = await db
    .select(teacherColumns)
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.siteId, siteId), eq(teacherProfiles.userId, userId)));
  return row ? presentTeacher(row) : null;
}

export interface TeacherFilter {
  status?: TTeacherStatus;
  blacklisted?: boolean;
  keyword?: string;
  page: number;
  pageSize: number;
}

/** One page of the organisation's teacher records: pinned first, then newest applications. */
export async function listTeachers(db: Executor, siteId: number, filter: TeacherFilter) {
  const conditions: SQL[] = [eq(teacherProfiles.siteId, siteId)];
  if (filter.status) conditions.push(eq(teacherProfiles.status, filter.status));
  if (filter.blacklisted !== undefined) conditions.push(eq(teacherProfiles.blacklisted, filter.blacklisted));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(ilike(users.username, pattern), ilike(users.nickname, pattern), ilike(teacherProfiles.title, pattern))!,
    );
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    db
      .select(teacherColumns)
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where)
      .orderBy(desc(teacherProfiles.top), desc(teacherProfiles.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where),
  );
  return { rows: rows.map(presentTeacher), total };
}

/** Counts of the organisation's teacher records by status and blacklisted. */
export async function teacherStat(db: Executor, siteId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      applied: sql<number>`(count(*) filter (where ${teacherProfiles.status} = 'applied'))::int`,
      verified: sql<number>`(count(*) filter (where ${teacherProfiles.status} = 'verified'))::int`,
      rejected: sql<number>`(count(*) filter (where ${teacherProfiles.status} = 'rejected'))::int`,
      blacklisted: sql<number>`(count(*) filter (where ${teacherProfiles.blacklisted}))::int`,
    })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.siteId, siteId));
  return row ?? { total: 0, applied: 0, verified: 0, rejected: 0, blacklisted: 0 };
}
