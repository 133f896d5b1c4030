import { HIDDEN_SETTING_KEYS, type TSettingRow, type TSettingValueType } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { and, asc, eq, ilike, isNull, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { siteDisplayName } from '../../platform/site-name.ts';

const { settings, sites } = schema;

export interface SettingFilter {
  keyword?: string;
  site_id?: number | null;
  page: number;
  pageSize: number;
}

const columns = {
  id: settings.id,
  siteId: settings.siteId,
  siteName: sites.name,
  siteNameEn: sites.nameEn,
  name: settings.name,
  key: settings.key,
  value: settings.value,
  valueType: settings.valueType,
  deletable: settings.deletable,
  description: settings.description,
};
interface SettingRecord {
  id: number;
  siteId: number | null;
  siteName: string | null;
  siteNameEn: string | null;
  name: string;
  key: string;
  value: string;
  valueType: string;
  deletable: boolean;
  description: string;
}

/** A setting entry; its organisation named in the caller's language (its own name when none is given). */
export function presentSetting(row: SettingRecord, lang: Lang = 'zh-CN'): TSettingRow {
  return {
    id: row.id,
    site_id: row.siteId,
    site_name: row.siteName === null ? null : siteDisplayName({ name: row.siteName, nameEn: row.siteNameEn }, lang),
    name: row.name,
    key: row.key,
    value: row.value,
    value_type: row.valueType as TSettingValueType,
    deletable: row.deletable,
    description: row.description,
  };
}

/**
 * One page of setting entries: platform defaults first, then organisations' rows, by key; the settings of modules
 * this deployment does not have yet (HIDDEN_SETTING_KEYS) are left out.
 */
export async function listSettings(db: Executor, filter: SettingFilter, lang: Lang) {
  const conditions: SQL[] = [];
  if (HIDDEN_SETTING_KEYS.length > 0) conditions.push(notInArray(settings.key, [...HIDDEN_SETTING_KEYS]));
  if (filter.site_id === null) conditions.push(isNull(settings.siteId));
  else if (filter.site_id !== undefined) conditions.push(eq(settings.siteId, filter.site_id));
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(ilike(settings.name, pattern), ilike(settings.key, pattern), ilike(settings.description, pattern))!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(columns)
      .from(settings)
      .leftJoin(sites, eq(sites.id, settings.siteId))
      .where(where)
      .orderBy(sql`${settings.siteId} nulls first`, asc(settings.key), asc(settings.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(settings).where(where),
  ]);
  return { rows: rows.map((row) => presentSetting(row, lang)), total: counted?.total ?? 0 };
}

export async function findSetting(db: Executor, id: number, lang?: Lang): Promise<TSettingRow | undefined> {
  const [row] = await db
    .select(columns)
    .from(settings)
    .leftJoin(sites, eq(sites.id, settings.siteId))
    .where(eq(settings.id, id))
    .limit(1);
  return row ? presentSetting(row, lang) : undefined;
}
