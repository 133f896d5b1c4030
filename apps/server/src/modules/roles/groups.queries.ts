import type { TGroupDetail, TGroupRow } from '@app/contracts';
import { type Executor, outerColumn, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { asc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { roleNames } from './roles.queries.ts';

const { roleGroups, roles } = schema;

const groupColumns = {
  id: roleGroups.id,
  name: roleGroups.name,
  description: roleGroups.description,
  createdAt: roleGroups.createdAt,
  roleCount: sql<number>`(select count(*)::int from roles r where r.group_id = ${outerColumn(roleGroups.id)})`,
};

function present(row: {
  id: number;
  name: string;
  description: string;
  createdAt: Date;
  roleCount: number;
}): TGroupRow {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role_count: row.roleCount,
    created_at: row.createdAt.toISOString(),
  };
}

/** One page of role groups (oldest first), matching the keyword in name or description. */
export async function listGroups(db: Executor, filter: { keyword?: string; page: number; pageSize: number }) {
  let where: SQL | undefined;
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    where = or(ilike(roleGroups.name, pattern), ilike(roleGroups.description, pattern));
  }
  const [rows, [counted]] = await Promise.all([
    db
      .select(groupColumns)
      .from(roleGroups)
      .where(where)
      .orderBy(asc(roleGroups.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(roleGroups).where(where),
  ]);
  return { list: rows.map(present), total: counted?.total ?? 0 };
}

export async function findGroup(db: Executor, id: number): Promise<TGroupRow | undefined> {
  const [row] = await db.select(groupColumns).from(roleGroups).where(eq(roleGroups.id, id));
  return row && present(row);
}

/** A role group with its roles (in role list order). */
export async function findGroupDetail(db: Executor, id: number, lang: Lang): Promise<TGroupDetail | undefined> {
  const group = await findGroup(db, id);
  if (!group) return undefined;
  const [members, names] = await Promise.all([
    db.select({ key: roles.key }).from(roles).where(eq(roles.groupId, id)),
    roleNames(db, lang),
  ]);
  const keys = new Set(members.map((r) => r.key));
  return { ...group, roles: [...names.values()].filter((role) => keys.has(role.key)) };
}
