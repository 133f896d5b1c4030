import type { TTeacherNoticeItem, TTeacherNoticeRow } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const { teacherNotices, teacherNoticeReads, users } = schema;

export type NoticeRecord = typeof teacherNotices.$inferSelect;

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
  const { rows, total } = await pageWithTotal(
    db
      .select({ notice: teacherNotices, nickname: users.nickname, readCount })
      .from(teacherNotices)
      .leftJoin(users, eq(users.id, teacherNotices.createdBy))
      .where(where)
      .orderBy(desc(teacherNotices.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: sql<number>`count(*)::int` }).from(teacherNotices).where(where),
  );
  return { rows: rows.map((row) => presentNotice(siteId, row)), total };
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
  const { rows, total } = await pageWithTotal(
    db
      .select({ notice: teacherNotices, readAt: teacherNoticeReads.readAt })
      .from(teacherNotices)
      .leftJoin(teacherNoticeReads, join)
      .where(where)
      .orderBy(desc(teacherNotices.id))
      .limit(filter.pageSize)
      .offset(pageOffset(filter)),
    db.select({ n: sql<number>`count(*)::int` }).from(teacherNotices).leftJoin(teacherNoticeReads, join).where(where),
  );
  const [unread] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(teacherNotices)
    .leftJoin(teacherNoticeReads, join)
    .where(and(seenIn(siteId), isNull(teacherNoticeReads.userId)));
  return { rows: rows.map(presentItem), total, unreadTotal: unread?.total ?? 0 };
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
