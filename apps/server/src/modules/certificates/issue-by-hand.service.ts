import { schema } from '@app/db';
import { and, eq, inArray } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { templateDetail } from './certificates.queries.ts';
import { issueCertificate } from './issue-certificate.ts';

export interface IssueByHandInput {
  template_id: number;
  user_ids: number[];
  subject: string;
  score: string;
}

/**
 * `/dataset-cert-user/issue`: one manual certificate of the template per chosen member (all or nothing). Any id that
 * is not a member of the organisation answers not_found; a member who already holds one keeps it.
 */
export async function issueByHand(ctx: TenantContext, input: IssueByHandInput) {
  const { siteId, userId } = ctx.session;
  await templateDetail(ctx.db, siteId, input.template_id);
  const userIds = [...new Set(input.user_ids)];
  const members = await ctx.db
    .select({ userId: schema.siteUsers.userId })
    .from(schema.siteUsers)
    .where(and(eq(schema.siteUsers.siteId, siteId), inArray(schema.siteUsers.userId, userIds)));
  if (members.length !== userIds.length) throw new AppError('not_found');
  return ctx.db.transaction(async (tx) => {
    const list: { user_id: number; id: number; code: string; created: boolean }[] = [];
    for (const holder of userIds) {
      const issued = await issueCertificate(tx, {
        siteId,
        templateId: input.template_id,
        userId: holder,
        source: 'manual',
        sourceId: null,
        subject: input.subject,
        score: input.score,
        issuedBy: userId,
      });
      list.push({ user_id: holder, ...issued });
    }
    const created = list.filter((c) => c.created);
    if (created.length > 0)
      await recordAudit(tx, {
        siteId,
        userId,
        action: 'certificate_issue',
        targetType: 'cert_template',
        targetId: input.template_id,
        details: { before: null, after: { subject: input.subject, ids: created.map((c) => c.id) } },
        ip: ctx.ip,
      });
    return { created: created.length, existing: list.length - created.length, list };
  });
}
