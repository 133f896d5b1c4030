import type { TAnnouncement } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { announcements, sites, users } = schema;

const columns = {
  a: announcements,
  siteName: sites.name,
  author: users.nickname,
};

function present(row: {
  a: typeof announcements.$inferSelect;
  siteName: string | null;
  author: string | null;
}): TAnnouncement {
  return {
    id: row.a.id,
    site_id: row.a.siteId,
    site_name: row.siteName,
    title: row.a.title,
    content: row.a.content,
    published_at: row.a.publishedAt.toISOString(),
    created_by: row.author,
  };
}

function base(db: Executor) {
  return db
    .select(columns)
    .from(announcements)
    .leftJoin(sites, eq(sites.id, announcements.siteId))
    .leftJoin(users, eq(users.id, announcements.createdBy));
}

export async function listAnnouncements(
  db: Executor,
  filter: { keyword?: string; site_id?: number; page: number; pageSize: number },
) {
  const conditions: SQL[] = [];
  if (filter.site_id !== undefined) conditions.push(eq(announcements.siteId, filter.site_id));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(announcements.title, pattern), ilike(announcements.content, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(desc(announcements.publishedAt), desc(announcements.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(announcements).where(where),
  ]);
  return { rows: rows.map(present), total: counted?.total ?? 0 };
}

export async function findAnnouncement(db: Executor, id: number): Promise<TAnnouncement | undefined> {
  const [row] = await base(db).where(eq(announcements.id, id)).limit(1);
  return row ? present(row) : undefined;
}

/** What an organisation's members see: its own announcements and those for every organisation, newest first. */
export async function announcementsFor(db: Executor, siteId: number | null): Promise<TAnnouncement[]> {
  const scope =
    siteId === null ? isNull(announcements.siteId) : or(isNull(announcements.siteId), eq(announcements.siteId, siteId));
  const rows = await base(db).where(scope).orderBy(desc(announcements.publishedAt), desc(announcements.id)).limit(50);
  return rows.map(present);
}
