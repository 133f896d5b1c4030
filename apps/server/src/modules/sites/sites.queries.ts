import type { TSiteDetail, TSiteRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, asc, desc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { findSiteById, mergeShellSettings, SHELL_SETTING_DEFAULTS } from '../iam/index.ts';

const { sites, siteUsers, siteUserRoles, users, settings } = schema;

export type SiteRecord = typeof sites.$inferSelect;

export interface SiteFilter {
  keyword?: string;
  status?: 'open' | 'closed';
  service_type?: number;
  page: number;
  pageSize: number;
}

// Written out in full: drizzle leaves the table name off `${sites.id}` in a one-table select, which the
// subquery would read as its own `id`.
const activeMembers = sql<number>`(select count(*)::int from site_users m where m.site_id = "sites"."id" and m.status = 'active')`;

/** One page of the platform's organisations, newest first, with their active member counts. */
export async function listSites(db: Executor, filter: SiteFilter) {
  const conditions: SQL[] = [];
  if (filter.status) conditions.push(eq(sites.status, filter.status));
  if (filter.service_type !== undefined) conditions.push(eq(sites.serviceType, filter.service_type));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(or(ilike(sites.name, pattern), ilike(sites.nameEn, pattern), ilike(sites.domain, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select({ site: sites, memberCount: activeMembers })
      .from(sites)
      .where(where)
      .orderBy(desc(sites.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(sites).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** The organisation's row, locked until the transaction ends (writes that read it first). */
export async function lockSite(db: Executor, id: number): Promise<SiteRecord | undefined> {
  const [site] = await db.select().from(sites).where(eq(sites.id, id)).limit(1).for('update');
  return site;
}

export async function siteNameTaken(db: Executor, name: string, exceptId?: number): Promise<boolean> {
  const [taken] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(exceptId === undefined ? eq(sites.name, name) : and(eq(sites.name, name), sql`${sites.id} <> ${exceptId}`))
    .limit(1);
  return taken !== undefined;
}

export async function memberCounts(db: Executor, siteId: number): Promise<{ active: number; pending: number }> {
  const rows = await db
    .select({ status: siteUsers.status, count: sql<number>`count(*)::int` })
    .from(siteUsers)
    .where(eq(siteUsers.siteId, siteId))
    .groupBy(siteUsers.status);
  return {
    active: rows.find((r) => r.status === 'active')?.count ?? 0,
    pending: rows.find((r) => r.status === 'pending')?.count ?? 0,
  };
}

/** Active members holding the manager role in the organisation, oldest membership first. */
export function siteManagers(db: Executor, siteId: number) {
  return db
    .select({ user_id: users.id, nickname: users.nickname, username: users.username })
    .from(siteUserRoles)
    .innerJoin(siteUsers, eq(siteUsers.id, siteUserRoles.siteUserId))
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(
      and(eq(siteUserRoles.siteId, siteId), eq(siteUserRoles.roleKey, 'role_manager'), eq(siteUsers.status, 'active')),
    )
    .orderBy(asc(siteUsers.id));
}

/** The organisation's effective shell settings: its own rows over the platform's over the defaults. */
export async function siteSettings(db: Executor, siteId: number) {
  const rows = await db
    .select({ siteId: settings.siteId, key: settings.key, value: settings.value })
    .from(settings)
    .where(or(isNull(settings.siteId), eq(settings.siteId, siteId)));
  return mergeShellSettings(rows.filter((r) => r.key in SHELL_SETTING_DEFAULTS));
}

/** Writes the organisation's own value of each given setting (added or replaced). */
export async function saveSiteSettings(db: Executor, siteId: number, values: Record<string, string>): Promise<void> {
  const entries = Object.entries(values);
  if (!entries.length) return;
  await db
    .insert(settings)
    .values(entries.map(([key, value]) => ({ siteId, key, value })))
    .onConflictDoUpdate({ target: [settings.siteId, settings.key], set: { value: sql`excluded.value` } });
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function presentSiteRow(site: SiteRecord, memberCount: number): TSiteRow {
  return {
    id: site.id,
    name: site.name,
    name_en: site.nameEn,
    status: site.status,
    service_type: site.serviceType,
    domain: site.domain,
    remarks: site.remarks,
    province: site.province,
    member_count: memberCount,
    start_at: iso(site.startAt),
    end_at: iso(site.endAt),
    created_at: site.createdAt.toISOString(),
  };
}

/** The fields of an organisation kept in the audit log (before and after a change). */
export function auditSnapshot(site: SiteRecord) {
  return {
    name: site.name,
    name_en: site.nameEn,
    status: site.status,
    service_type: site.serviceType,
    domain: site.domain,
    address: site.address,
    province: site.province,
    remarks: site.remarks,
    logo: site.logo,
    icon_logo: site.iconLogo,
    start_at: iso(site.startAt),
    end_at: iso(site.endAt),
  };
}

/** One organisation with member counts, managers and settings; not_found is the caller's to answer. */
export async function loadSiteDetail(db: Executor, id: number): Promise<TSiteDetail | undefined> {
  const site = await findSiteById(db, id);
  if (!site) return undefined;
  const [members, managers, effective] = await Promise.all([
    memberCounts(db, id),
    siteManagers(db, id),
    siteSettings(db, id),
  ]);
  return {
    ...presentSiteRow(site, members.active),
    logo: site.logo,
    icon_logo: site.iconLogo,
    address: site.address,
    members,
    managers,
    settings: effective,
  };
}
