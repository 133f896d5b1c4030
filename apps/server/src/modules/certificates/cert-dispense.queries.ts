import type { TCertDispenseRow } from '@app/contracts';
import { type Executor, queryRows } from '@app/db';
import { sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';

interface DispenseRecord {
  site_id: number | string;
  site_name: string;
  template_count: number;
  issued_count: number;
  holder_count: number;
  valid_count: number;
  revoked_count: number;
  expired_count: number;
  first_issued_at: Date | string | null;
  last_issued_at: Date | string | null;
  total: number;
}

const iso = (at: Date | string | null) => (at === null ? null : new Date(at).toISOString());

/**
 * `/certcode/dispense-list`: per organisation that has templates or certificates, the codes it dispensed (issued
 * certificates), to how many holders, by status, and the first and last issue; most recent issuing first.
 */
export async function dispenseList(
  db: Executor,
  input: { page: number; pageSize: number; keyword?: string },
): Promise<{ list: TCertDispenseRow[]; total: number }> {
  const keyword = input.keyword?.trim();
  const nameFilter = keyword ? sql`and s.name ilike ${likePattern(keyword)}` : sql``;
  const rows = await queryRows<DispenseRecord>(
    db,
    sql`
      with per_site as (
        select s.id as site_id, s.name as site_name,
          (select count(*)::int from cert_templates t where t.site_id = s.id) as template_count,
          count(c.id)::int as issued_count,
          count(distinct c.user_id)::int as holder_count,
          count(c.id) filter (where c.revoked_at is null and (c.expires_at is null or c.expires_at > now()))::int
            as valid_count,
          count(c.id) filter (where c.revoked_at is not null)::int as revoked_count,
          count(c.id) filter (where c.revoked_at is null and c.expires_at <= now())::int as expired_count,
          min(c.issued_at) as first_issued_at,
          max(c.issued_at) as last_issued_at
        from sites s
        left join certificates c on c.site_id = s.id
        where exists (select 1 from cert_templates t where t.site_id = s.id) ${nameFilter}
        group by s.id, s.name
      )
      select *, count(*) over ()::int as total from per_site
      order by last_issued_at desc nulls last, site_id desc
      limit ${input.pageSize} offset ${(input.page - 1) * input.pageSize}`,
  );
  return {
    list: rows.map(({ total: _t, ...r }) => ({
      ...r,
      site_id: Number(r.site_id),
      first_issued_at: iso(r.first_issued_at),
      last_issued_at: iso(r.last_issued_at),
    })),
    total: rows[0]?.total ?? 0,
  };
}
