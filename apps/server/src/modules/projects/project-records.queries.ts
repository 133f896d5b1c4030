import type { TProjectRecord } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

const { auditLogs, users } = schema;

/** `/project/records`: a project's audit lines (every change), newest first, with who made them. */
export async function projectRecords(
  db: Executor,
  projectId: number,
  filter: { keyword?: string; page: number; pageSize: number },
) {
  const conditions: SQL[] = [eq(auditLogs.targetType, 'project'), eq(auditLogs.targetId, String(projectId))];
  if (filter.keyword) conditions.push(ilike(auditLogs.action, likePattern(filter.keyword)));
  const where = and(...conditions);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ log: auditLogs, nickname: users.nickname })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where)
      .orderBy(desc(auditLogs.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLogs).where(where),
  ]);
  const list: TProjectRecord[] = rows.map(({ log, nickname }) => ({
    id: log.id,
    action: log.action,
    user: log.userId !== null && nickname !== null ? { id: log.userId, nickname } : null,
    details: (log.details as Record<string, unknown> | null) ?? null,
    ip: log.ip,
    created_at: log.createdAt.toISOString(),
  }));
  return { list, total: counted?.total ?? 0 };
}
