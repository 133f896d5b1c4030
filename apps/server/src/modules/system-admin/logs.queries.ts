import type { TAuditLogRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import type { Lang } from '@app/i18n';
import { and, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { likePattern } from '../../platform/like-pattern.ts';
import { siteDisplayName } from '../../platform/site-name.ts';

const { auditLogs, users, sites } = schema;

export interface LogFilter {
  keyword?: string;
  user?: string;
  site_id?: number;
  action?: string;
  from?: string;
  to?: string;
  page: number;
  pageSize: number;
}

/** The day after `day` (YYYY-MM-DD), at 00:00 UTC. */
export function dayAfter(day: string): Date {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date;
}

// The target's current name, by kind (written out: correlated subqueries on the audit row's text id); records
// with an English name show it to en-US callers.
const targetName = (lang: Lang) => {
  const english = lang === 'en-US';
  return sql<string | null>`case "audit_logs"."target_type"
  when 'site' then (select case when ${english} and coalesce(s.name_en, '') <> '' then s.name_en else s.name end from sites s where s.id::text = "audit_logs"."target_id")
  when 'user' then (select u.nickname from users u where u.id::text = "audit_logs"."target_id")
  when 'membership' then (select u.nickname from site_users m join users u on u.id = m.user_id where m.id::text = "audit_logs"."target_id")
  when 'role' then (select r.name from roles r where r.key = "audit_logs"."target_id")
  when 'role_group' then (select g.name from role_groups g where g.id::text = "audit_logs"."target_id")
  when 'setting' then (select st.key from settings st where st.id::text = "audit_logs"."target_id")
  when 'dict' then (select d.name from dicts d where d.id::text = "audit_logs"."target_id")
  when 'announcement' then (select a.title from announcements a where a.id::text = "audit_logs"."target_id")
  when 'project' then (select p.name from projects p where p.id::text = "audit_logs"."target_id")
  when 'template' then (select tp.name from annotation_templates tp where tp.id::text = "audit_logs"."target_id")
  when 'template_category' then (select case when ${english} and c.name_en <> '' then c.name_en else c.name end from annotation_categories c where c.id::text = "audit_logs"."target_id")
  when 'label_dict' then (select ld.name from label_dicts ld where ld.id::text = "audit_logs"."target_id")
  when 'question_category' then (select qc.name from question_categories qc where qc.id::text = "audit_logs"."target_id")
  when 'question' then (select left(q.stem_text, 60) from questions q where q.id::text = "audit_logs"."target_id")
  when 'knowledge_map' then (select km.name from knowledge_maps km where km.id::text = "audit_logs"."target_id")
  when 'knowledge_node' then (select kn.code || ' ' || kn.name from knowledge_nodes kn where kn.id::text = "audit_logs"."target_id")
  when 'knowledge_label' then (select kl.name from knowledge_labels kl where kl.id::text = "audit_logs"."target_id")
  end`;
};

function conditionsOf(filter: LogFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.keyword) {
    const pattern = likePattern(filter.keyword);
    conditions.push(
      or(
        ilike(auditLogs.action, pattern),
        ilike(auditLogs.targetType, pattern),
        ilike(auditLogs.targetId, pattern),
        sql`${auditLogs.details}::text ilike ${pattern}`,
      )!,
    );
  }
  if (filter.user) {
    const pattern = likePattern(filter.user);
    conditions.push(or(ilike(users.username, pattern), ilike(users.nickname, pattern))!);
  }
  if (filter.site_id !== undefined) conditions.push(eq(auditLogs.siteId, filter.site_id));
  if (filter.action) conditions.push(eq(auditLogs.action, filter.action));
  if (filter.from) conditions.push(gte(auditLogs.createdAt, new Date(`${filter.from}T00:00:00.000Z`)));
  if (filter.to) conditions.push(lt(auditLogs.createdAt, dayAfter(filter.to)));
  return conditions.length ? and(...conditions) : undefined;
}

/** One page of the audit log, newest first, with who did it, where, and the target's current name. */
export async function listLogs(
  db: Executor,
  filter: LogFilter,
  lang: Lang,
): Promise<{ rows: TAuditLogRow[]; total: number }> {
  const where = conditionsOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        log: auditLogs,
        username: users.username,
        nickname: users.nickname,
        site: sites,
        targetName: targetName(lang),
      })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .leftJoin(sites, eq(sites.id, auditLogs.siteId))
      .where(where)
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(filter.pageSize)
      .offset((filter.page - 1) * filter.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .where(where),
  ]);
  return {
    rows: rows.map((r) => ({
      id: r.log.id,
      created_at: r.log.createdAt.toISOString(),
      user_id: r.log.userId,
      username: r.username,
      nickname: r.nickname,
      site_id: r.log.siteId,
      site_name: r.site ? siteDisplayName(r.site, lang) : null,
      action: r.log.action,
      target_type: r.log.targetType,
      target_id: r.log.targetId,
      target_name: r.targetName ?? null,
      ip: r.log.ip,
      details: (r.log.details as Record<string, unknown> | null) ?? null,
    })),
    total: counted?.total ?? 0,
  };
}
