import enSites from '@app/i18n/locales/en-US/sites.json' with { type: 'json' };
import zhSites from '@app/i18n/locales/zh-CN/sites.json' with { type: 'json' };
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { type SiteStatFilter, siteStats } from './site-stats.queries.ts';

const EXPORT_COLUMNS = ['site_id', 'name', 'status', 'province', 'active', 'pending', 'logins', 'new_members'] as const;

/** `/site/site-stat-list-export`: every row of the statistics (same filters and order) in one xlsx sheet. */
export async function exportSiteStats(ctx: TenantContext, filter: SiteStatFilter) {
  const { rows, start, end } = await siteStats(ctx.db, filter);
  // The `sites` namespace is a web catalogue (not among the server's), read here for the header only.
  const texts: Record<string, string> = ctx.lang === 'en-US' ? enSites : zhSites;
  const header = EXPORT_COLUMNS.map((column) => texts[`stat_${column}`] ?? column);
  return writeSheet(
    `site-stats-${start}-${end}.xlsx`,
    'sites',
    header,
    rows.map((r) => [r.site_id, r.name, r.status, r.province, r.active, r.pending, r.logins, r.new_members]),
  );
}
