import type { TCertVerifyOutput, TMyCert } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { RequestContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { likePattern } from '../../platform/like-pattern.ts';
import { limit } from '../../platform/rate-limiter.ts';
import { normaliseCertCode } from './cert-code.ts';
import { certStatus, fillBody, printedDate } from './certificates.queries.ts';

const { certTemplates, certificates, sites, siteUsers, users } = schema;

/** Verification attempts per IP and minute (codes are unguessable; this keeps scanning slow). */
export const VERIFY_LIMIT = { perIp: 60, windowSeconds: 60 } as const;

function holderQuery(db: Executor) {
  return db
    .select({ cert: certificates, template: certTemplates, siteName: sites.name })
    .from(certificates)
    .innerJoin(certTemplates, eq(certTemplates.id, certificates.templateId))
    .innerJoin(sites, eq(sites.id, certificates.siteId));
}

/** `/trainingcamp/mycerts`: the caller's certificates in every organisation, with the texts to print. */
export async function myCertificates(db: Executor, userId: number): Promise<TMyCert[]> {
  const rows = await holderQuery(db)
    .where(eq(certificates.userId, userId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map(({ cert: c, template: t, siteName }) => ({
    id: c.id,
    code: c.code,
    title: t.title,
    body: fillBody(t.body, { name: c.holderName, subject: c.subject, score: c.score, date: printedDate(c.issuedAt) }),
    issuer: t.issuer || siteName,
    holder_name: c.holderName,
    subject: c.subject,
    score: c.score,
    site_name: siteName,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    status: certStatus(c),
    revoke_reason: c.revokeReason,
  }));
}

/** `/cert/verify`: anyone, by code (rate-limited per IP); cert_not_found for a code no certificate has. */
export async function verifyCertificate(ctx: RequestContext, typed: string): Promise<TCertVerifyOutput> {
  await limit(ctx, `cert-verify:ip:${ctx.ip}`, VERIFY_LIMIT.perIp, VERIFY_LIMIT.windowSeconds);
  const code = normaliseCertCode(typed);
  const [row] = await holderQuery(ctx.db).where(eq(certificates.code, code));
  if (!row) throw new AppError('cert_not_found');
  const { cert: c, template: t, siteName } = row;
  return {
    code: c.code,
    holder_name: c.holderName,
    subject: c.subject,
    title: t.title,
    issuer: t.issuer || siteName,
    site_name: siteName,
    issued_at: c.issuedAt.toISOString(),
    expires_at: c.expiresAt?.toISOString() ?? null,
    status: certStatus(c),
    revoked_at: c.revokedAt?.toISOString() ?? null,
  };
}

/** `/dataset-cert-user/user-options`: members to issue to, at most 20, by username, nickname or real name. */
export async function issueCandidates(db: Executor, siteId: number, keyword: string | undefined) {
  const conditions = [eq(siteUsers.siteId, siteId)];
  const word = keyword?.trim();
  if (word) {
    const like = likePattern(word);
    conditions.push(or(ilike(users.username, like), ilike(users.nickname, like), ilike(users.realName, like))!);
  }
  return db
    .select({ id: users.id, username: users.username, nickname: users.nickname })
    .from(siteUsers)
    .innerJoin(users, eq(users.id, siteUsers.userId))
    .where(and(...conditions))
    .orderBy(sql`${users.id} desc`)
    .limit(20);
}
