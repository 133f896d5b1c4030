import { SITE_MEMBER_SECTIONS, type TSiteStatRow } from '@app/contracts';
import { PROVINCES, provinceName } from '@app/contracts/places.ts';
import { type Executor, queryRows } from '@app/db';
import { type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { SIGN_IN_ACTIONS } from '../system-admin/index.ts';

export interface SiteStatFilter {
  keyword?: string;
  start_date?: string;
  end_date?: string;
  sort: 'id' | 'name' | 'active' | 'pending' | 'logins' | 'new_members';
  order: 'asc' | 'desc';
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** The range's days (UTC, inclusive); default the last 30 days up to today. */
export function statRange(filter: { start_date?: string; end_date?: string }, now = new Date()) {
  const end = filter.end_date ?? dayOf(now);
  const start = filter.start_date ?? dayOf(new Date(new Date(`${end}T00:00:00.000Z`).getTime() - 29 * 86_400_000));
  return { start, end };
}

const SORT_COLUMNS: Record<SiteStatFilter['sort'], string> = {
  id: 'site_id',
  name: 'name',
  active: 'active',
  pending: 'pending',
  logins: 'logins',
  new_members: 'new_members',
};

interface StatRecord {
  site_id: number | string;
  name: string;
  status: 'open' | 'closed';
  province: string | null;
  active: number;
  pending: number;
  logins: number;
  new_members: number;
}

/** Per organisation: members by status, sign-ins and new memberships in the range; one page or every row. */
export async function siteStats(
  db: Executor,
  filter: SiteStatFilter,
  paging?: { page: number; pageSize: number },
): Promise<{ rows: TSiteStatRow[]; total: number; start: string; end: string }> {
  const { start, end } = statRange(filter);
  const from = new Date(`${start}T00:00:00.000Z`);
  const to = new Date(new Date(`${end}T00:00:00.000Z`).getTime() + 86_400_000);
  const where: SQL = filter.keyword
    ? sql`where (s.name ilike ${likePattern(filter.keyword)} or s.name_en ilike ${likePattern(filter.keyword)})`
    : sql``;
  const order = sql.raw(`${SORT_COLUMNS[filter.sort]} ${filter.order === 'asc' ? 'asc' : 'desc'}, site_id desc`);
  const limit = paging ? sql`limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}` : sql``;
  const actions = sql.join(
    SIGN_IN_ACTIONS.map((action) => sql`${action}`),
    sql`, `,
  );
  const [rows, counted] = await Promise.all([
    queryRows<StatRecord>(
      db,
      sql`
      select * from (
        select s.id as site_id, s.name, s.status, s.province,
          (select count(*)::int from site_users m where m.site_id = s.id and m.status = 'active') as active,
          (select count(*)::int from site_users m where m.site_id = s.id and m.status = 'pending') as pending,
          (select count(*)::int from audit_logs a where a.site_id = s.id and a.action in (${actions})
             and a.created_at >= ${from.toISOString()} and a.created_at < ${to.toISOString()}) as logins,
          (select count(*)::int from site_users m where m.site_id = s.id
             and m.joined_at >= ${from.toISOString()} and m.joined_at < ${to.toISOString()}) as new_members
        from sites s ${where}
      ) t order by ${order} ${limit}`,
    ),
    queryRows<{ total: number }>(db, sql`select count(*)::int as total from sites s ${where}`),
  ]);
  return {
    rows: rows.map((r) => ({
      site_id: Number(r.site_id),
      name: r.name,
      status: r.status,
      province: r.province,
      active: Number(r.active),
      pending: Number(r.pending),
      logins: Number(r.logins),
      new_members: Number(r.new_members),
    })),
    total: Number(counted[0]?.total ?? 0),
    start,
    end,
  };
}

/** Organisations per bucket of active members (SITE_MEMBER_SECTIONS), every bucket present. */
export async function sitesByMemberSection(db: Executor) {
  const rows = await queryRows<{ active: number }>(
    db,
    sql`select (select count(*)::int from site_users m where m.site_id = s.id and m.status = 'active') as active from sites s`,
  );
  return SITE_MEMBER_SECTIONS.map((section) => ({
    key: section.key,
    count: rows.filter((r) => {
      const n = Number(r.active);
      return n >= section.min && (section.max === null || n <= section.max);
    }).length,
  }));
}

/** Organisations and their active members per province code (null = none). */
async function provinceCounts(db: Executor) {
  const rows = await queryRows<{ province: string | null; count: number; members: number }>(
    db,
    sql`
    select s.province, count(*)::int as count,
      coalesce(sum((select count(*) from site_users m where m.site_id = s.id and m.status = 'active')), 0)::int as members
    from sites s group by s.province`,
  );
  return rows.map((r) => ({ code: r.province, count: Number(r.count), members: Number(r.members) }));
}

/** Organisations per province, most first (ties in /place/list order); null last. */
export async function sitesByProvince(db: Executor, lang: string) {
  const counts = await provinceCounts(db);
  const rank = (code: string | null) =>
    code === null ? PROVINCES.length : PROVINCES.findIndex((p) => p.code === code);
  return counts
    .sort((a, b) => b.count - a.count || rank(a.code) - rank(b.code))
    .map((r) => ({ code: r.code, name: r.code === null ? '' : provinceName(r.code, lang), count: r.count }));
}

/** Every province with its organisations and active members, plus those without a province. */
export async function siteAreaDistribution(db: Executor, lang: string) {
  const counts = await provinceCounts(db);
  const none = counts.find((r) => r.code === null);
  return {
    list: PROVINCES.map((place) => {
      const found = counts.find((r) => r.code === place.code);
      return {
        code: place.code,
        name: provinceName(place.code, lang),
        count: found?.count ?? 0,
        members: found?.members ?? 0,
      };
    }),
    unassigned: { count: none?.count ?? 0, members: none?.members ?? 0 },
  };
}
