import type {
  TFollowedTeacher,
  TTeacherNoticeItem,
  TTeacherNoticeRow,
  TTeacherRow,
  TTeacherStatus,
} from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';

const { teacherProfiles, teacherNotices, teacherNoticeReads, teacherFollows, users } = schema;

export type TeacherRecord = typeof teacherProfiles.$inferSelect;
export type NoticeRecord = typeof teacherNotices.$inferSelect;

const teacherColumns = { profile: teacherProfiles, username: users.username, nickname: users.nickname };

function presentTeacher(row: { profile: TeacherRecord; username: string; nickname: string }): TTeacherRow {
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
  const [rows, [counted]] = await Promise.all([
    db
      .select(teacherColumns)
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where)
      .orderBy(desc(teacherProfiles.top), desc(teacherProfiles.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(teacherProfiles)
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where),
  ]);
  return { rows: rows.map(presentTeacher), total: counted?.total ?? 0 };
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

/** Notices a teacher of the organisation sees: the organisation's and platform-wide ones. */
const seenIn = (siteId: number) => or(eq(teacherNotices.siteId, siteId), isNull(teacherNotices.siteId))!;

/** A notice the organisation's teachers see (its own or platform-wide), else not_found. */
export async function loadVisibleNotice(db: Executor, siteId: number, id: number): Promise<NoticeRecord> {
  const [row] = await db
    .select()
    .from(teacherNotices)
    .where(and(eq(teacherNotices.id, id), seenIn(siteId)));
  if (!row) throw new AppError('not_found');
  return row;
}

const readCount = sql<number>`(select count(*)::int from ${teacherNoticeReads} where ${teacherNoticeReads.noticeId} = ${outerColumn(teacherNotices.id)})`;

function presentNotice(
  siteId: number,
  row: { notice: NoticeRecord; nickname: string | null; readCount: number },
): TTeacherNoticeRow {
  return {
    id: row.notice.id,
    own_site: row.notice.siteId === siteId,
    title: row.notice.title,
    content: row.notice.content,
    created_by_nickname: row.nickname,
    created_at: row.notice.createdAt.toISOString(),
    read_count: row.readCount,
  };
}

/** One of the organisation's own notices as the manager list shows it. */
export async function noticeRow(db: Executor, siteId: number, id: number): Promise<TTeacherNoticeRow> {
  const [row] = await db
    .select({ notice: teacherNotices, nickname: users.nickname, readCount })
    .from(teacherNotices)
    .leftJoin(users, eq(users.id, teacherNotices.createdBy))
    .where(and(eq(teacherNotices.siteId, siteId), eq(teacherNotices.id, id)));
  if (!row) throw new AppError('not_found');
  return presentNotice(siteId, row);
}

/** The organisation's own notices (manager list), newest first; the keyword searches titles. */
export async function listNotices(
  db: Executor,
  siteId: number,
  filter: { keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(teacherNotices.siteId, siteId)];
  if (filter.keyword) conditions.push(ilike(teacherNotices.title, likePattern(filter.keyword)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ notice: teacherNotices, nickname: users.nickname, readCount })
      .from(teacherNotices)
      .leftJoin(users, eq(users.id, teacherNotices.createdBy))
      .where(where)
      .orderBy(desc(teacherNotices.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(teacherNotices).where(where),
  ]);
  return { rows: rows.map((row) => presentNotice(siteId, row)), total: counted?.total ?? 0 };
}

function presentItem(row: { notice: NoticeRecord; readAt: Date | null }): TTeacherNoticeItem {
  return {
    id: row.notice.id,
    title: row.notice.title,
    content: row.notice.content,
    created_at: row.notice.createdAt.toISOString(),
    read: row.readAt !== null,
    read_at: row.readAt?.toISOString() ?? null,
  };
}

/** A teacher's notices with their read state, newest first. */
export async function listNoticeItems(
  db: Executor,
  siteId: number,
  userId: number,
  filter: { keyword?: string; unread?: boolean; page: number; pageSize: number },
) {
  const join = and(eq(teacherNoticeReads.noticeId, teacherNotices.id), eq(teacherNoticeReads.userId, userId));
  const conditions: SQL[] = [seenIn(siteId)];
  if (filter.keyword) conditions.push(ilike(teacherNotices.title, likePattern(filter.keyword)));
  if (filter.unread !== undefined) {
    conditions.push(filter.unread ? isNull(teacherNoticeReads.userId) : sql`${teacherNoticeReads.userId} is not null`);
  }
  const where = and(...conditions);
  const [rows, [counted], [unread]] = await Promise.all([
    db
      .select({ notice: teacherNotices, readAt: teacherNoticeReads.readAt })
      .from(teacherNotices)
      .leftJoin(teacherNoticeReads, join)
      .where(where)
      .orderBy(desc(teacherNotices.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(teacherNotices)
      .leftJoin(teacherNoticeReads, join)
      .where(where),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(teacherNotices)
      .leftJoin(teacherNoticeReads, join)
      .where(and(seenIn(siteId), isNull(teacherNoticeReads.userId))),
  ]);
  return { rows: rows.map(presentItem), total: counted?.total ?? 0, unreadTotal: unread?.total ?? 0 };
}

/** Marks a notice read by the user (the first read counts) and answers it with its read state. */
export async function readNotice(db: Executor, notice: NoticeRecord, userId: number): Promise<TTeacherNoticeItem> {
  await db.insert(teacherNoticeReads).values({ noticeId: notice.id, userId }).onConflictDoNothing();
  const [read] = await db
    .select({ readAt: teacherNoticeReads.readAt })
    .from(teacherNoticeReads)
    .where(and(eq(teacherNoticeReads.noticeId, notice.id), eq(teacherNoticeReads.userId, userId)));
  return presentItem({ notice, readAt: read?.readAt ?? null });
}

/** A teacher members may follow and find: verified and not blacklisted. */
const listedTeacher = and(eq(teacherProfiles.status, 'verified'), eq(teacherProfiles.blacklisted, false))!;

/**
 * Verified teachers of the organisation matching any word of the keyword in their title, introduction,
 * subjects or nickname, ranked by how many words match (plain SQL, no AI service).
 */
export async function searchTeachers(db: Executor, siteId: number, words: string[], limit: number) {
  const perWord = words.map((word) => {
    const pattern = likePattern(word);
    return sql<number>`(case when ${or(
      ilike(teacherProfiles.title, pattern),
      ilike(teacherProfiles.bio, pattern),
      ilike(users.nickname, pattern),
      sql`${teacherProfiles.subjects}::text ilike ${pattern}`,
    )} then 1 else 0 end)`;
  });
  const matched = sql<number>`(${sql.join(perWord, sql` + `)})::int`;
  const rows = await db
    .select({ ...teacherColumns, matched })
    .from(teacherProfiles)
    .innerJoin(users, eq(users.id, teacherProfiles.userId))
    .where(and(eq(teacherProfiles.siteId, siteId), listedTeacher, sql`${matched} > 0`))
    .orderBy(desc(matched), desc(teacherProfiles.top), desc(teacherProfiles.id))
    .limit(limit);
  return rows.map((row) => ({ ...presentTeacher(row), matched_words: row.matched }));
}

/** A teacher of the organisation a member may follow (verified, not blacklisted); not_found for another's. */
export async function loadListedTeacher(db: Executor, siteId: number, id: number): Promise<TeacherRecord> {
  const teacher = await loadTeacher(db, siteId, id);
  if (teacher.status !== 'verified' || teacher.blacklisted) throw new AppError('teacher_not_verified');
  return teacher;
}

/** The caller's followed teachers of the organisation that are still listed, most recently followed first. */
export async function listFollowed(
  db: Executor,
  siteId: number,
  userId: number,
  filter: { keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(teacherFollows.userId, userId), eq(teacherProfiles.siteId, siteId), listedTeacher];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(users.nickname, pattern), ilike(teacherProfiles.title, pattern))!);
  }
  const where = and(...conditions);
  const from = () =>
    db
      .select({ profile: teacherProfiles, nickname: users.nickname, followedAt: teacherFollows.createdAt })
      .from(teacherFollows)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherFollows.teacherProfileId))
      .innerJoin(users, eq(users.id, teacherProfiles.userId));
  const [rows, [counted]] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(teacherFollows.createdAt), desc(teacherProfiles.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(teacherFollows)
      .innerJoin(teacherProfiles, eq(teacherProfiles.id, teacherFollows.teacherProfileId))
      .innerJoin(users, eq(users.id, teacherProfiles.userId))
      .where(where),
  ]);
  const list: TFollowedTeacher[] = rows.map((row) => ({
    id: row.profile.id,
    nickname: row.nickname,
    title: row.profile.title,
    bio: row.profile.bio,
    subjects: row.profile.subjects,
    resume_url: row.profile.resumeUrl,
    followed_at: row.followedAt.toISOString(),
  }));
  return { rows: list, total: counted?.total ?? 0 };
}
