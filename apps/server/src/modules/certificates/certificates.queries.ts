import type { TCertRow, TCertStatus, TCertTemplateRow, TPlatformCertRow } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { pageOffset, pageWithTotal } from '../../platform/paging.ts';

const { certTemplates, certificates, users, sites } = schema;
const issuers = alias(users, 'issuers');

/** valid: neither revoked nor past its expiry; revoked wins over expired. */
export function certStatus(c: { revokedAt: Date | null; expiresAt: Date | null }, now = new Date()): TCertStatus {
  if (c.revokedAt) return 'revoked';
  if (c.expiresAt && c.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

export function statusCondition(status: TCertStatus): SQL {
  if (status === 'revoked') return isNotNull(certificates.revokedAt);
  if (status === 'expired') return and(isNull(certificates.revokedAt), sql`${certificates.expiresAt} <= now()`)!;
  return and(
    isNull(certificates.revokedAt),
    or(isNull(certificates.expiresAt), sql`${certificates.expiresAt} > now()`),
  )!;
}

/** The printed date: the issue day in China time, `YYYY-MM-DD`. */
export function printedDate(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(at);
}

/** A template body with {name}, {subject}, {score} and {date} filled (unknown braces stay as written). */
export function fillBody(body: string, values: { name: string; subject: string; score: string; date: string }) {
  return body.replace(/\{(name|subject|score|date)\}/g, (_m, key: keyof typeof values) => values[key]);
}

const issuedCount = sql<number>`(select count(*)::int from certificates c where c.template_id = "cert_templates"."id")`;

function presentTemplate(t: typeof certTemplates.$inferSelect, count: number): TCertTemplateRow {
  return {
    id: t.id,
    name: t.name,
    title: t.title,
    body: t.body,
    issuer: t.issuer,
    valid_months: t.validMonths,
    issued_count: count,
    created_at: t.createdAt.toISOString(),
    updated_at: t.updatedAt.toISOString(),
  };
}

export async function listTemplates(
  db: Executor,
  siteId: number,
  input: { page: number; pageSize: number; keyword?: string },
): Promise<{ list: TCertTemplateRow[]; total: number }> {
  const conditions: SQL[] = [eq(certTemplates.siteId, siteId)];
  const keyword = input.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    conditions.push(or(ilike(certTemplates.name, like), ilike(certTemplates.title, like))!);
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    db
      .select({ template: certTemplates, count: issuedCount })
      .from(certTemplates)
      .where(where)
      .orderBy(desc(certTemplates.id))
      .limit(input.pageSize)
      .offset(pageOffset(input)),
    db.select({ n: sql<number>`count(*)::int` }).from(certTemplates).where(where),
  );
  return { list: rows.map((r) => presentTemplate(r.template, r.count)), total };
}

/** One template of the organisation, else not_found. */
export async function templateDetail(db: Executor, siteId: number, id: number): Promise<TCertTemplateRow> {
  const [row] = await db
    .select({ template: certTemplates, count: issuedCount })
    .from(certTemplates)
    .where(and(eq(certTemplates.siteId, siteId), eq(certTemplates.id, id)));
  if (!row) throw new AppError('not_found');
  return presentTemplate(row.template, row.count);
}

function certQuery(db: Executor) {
  return db
    .select({
      cert: certificates,
      templateName: certTemplates.name,
      username: users.username,
      issuerName: issuers.nickname,
      siteName: sites.name,
    })
    .from(certificates)
    .innerJoin(certTemplates, eq(certTemplates.id, certificates.templateId))
    .innerJoin(users, eq(users.id, certificates.userId))
    .innerJoin(sites, eq(sites.id, certificates.siteId))
    .leftJoin(issuers, eq(issuers.id, certificates.issuedBy));
}

type CertResult = Awaited<ReturnType<ReturnType<typeof certQuery>['execute']>>[number];

function presentCert(r: CertResult): TPlatformCertRow {
  const c = r.cert;
  return {
    id: c.id,
    code: c.code,
    template_id: c.templateId,
    template_name: r.templateName,
    user_id: c.userId,
    username: r.username,
    holder_name: c.holderName,
    subject: c.subject,
    score: c.score,
    source: c.source,
    source_id: c.sourceId,
    issued_by_name: r.issuerName ?? null,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    revoked_at: c.revokedAt?.toISOString() ?? null,
    revoke_reason: c.revokeReason,
    status: certStatus(c),
    site_id: c.siteId,
    site_name: r.siteName,
  };
}

function tenantRow({ site_id: _s, site_name: _n, ...row }: TPlatformCertRow): TCertRow {
  return row;
}

export interface CertFilter {
  page: number;
  pageSize: number;
  keyword?: string;
  status?: TCertStatus;
  template_id?: number;
  /** The organisation; undefined on the platform view (every organisation). */
  site_id?: number;
}

/** Issued certificates, newest first: an organisation's (site_id) or the whole platform's. */
export async function listCerts(
  db: Executor,
  filter: CertFilter,
): Promise<{ list: TPlatformCertRow[]; total: number }> {
  const conditions: SQL[] = [];
  if (filter.site_id !== undefined) conditions.push(eq(certificates.siteId, filter.site_id));
  if (filter.template_id !== undefined) conditions.push(eq(certificates.templateId, filter.template_id));
  if (filter.status) conditions.push(statusCondition(filter.status));
  const keyword = filter.keyword?.trim();
  if (keyword) {
    const like = likePattern(keyword);
    conditions.push(
      or(ilike(certificates.holderName, like), ilike(users.username, like), ilike(certificates.code, like))!,
    );
  }
  const where = and(...conditions);
  const { rows, total } = await pageWithTotal(
    certQuery(db).where(where).orderBy(desc(certificates.id)).limit(filter.pageSize).offset(pageOffset(filter)),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(certificates)
      .innerJoin(users, eq(users.id, certificates.userId))
      .where(where),
  );
  return { list: rows.map(presentCert), total };
}

export async function listSiteCerts(db: Executor, siteId: number, filter: CertFilter) {
  if (filter.template_id !== undefined) await templateDetail(db, siteId, filter.template_id);
  const { list, total } = await listCerts(db, { ...filter, site_id: siteId });
  return { list: list.map(tenantRow), total };
}

/** One certificate of the organisation, else not_found. */
export async function certDetail(db: Executor, siteId: number, id: number): Promise<TCertRow> {
  const [row] = await certQuery(db).where(and(eq(certificates.siteId, siteId), eq(certificates.id, id)));
  if (!row) throw new AppError('not_found');
  return tenantRow(presentCert(row));
}
