import type { TSiteDetail } from '@app/contracts';
import { schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { addSiteManager } from './site-managers.ts';
import { auditSnapshot, loadSiteDetail, siteNameTaken } from './sites.queries.ts';

const { sites } = schema;

export interface CreateSiteInput {
  name: string;
  name_en?: string | null;
  service_type: 0 | 1;
  domain?: string | null;
  address?: string | null;
  province?: string | null;
  remarks?: string | null;
  start_at?: string | null;
  end_at?: string | null;
  manager?: string;
}

const toDate = (value: string | null | undefined) => (value ? new Date(value) : null);

/** A unique violation of the organisation name (a concurrent creation or rename) is `site_name_taken`. */
export function rethrowNameTaken(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint?.startsWith('sites')) throw new AppError('site_name_taken');
  throw error;
}

/** Creates an open organisation, with its manager when one is named, in one transaction. */
export async function createSite(ctx: TenantContext, input: CreateSiteInput): Promise<TSiteDetail> {
  const { userId } = ctx.session;
  const { siteId, managerId } = await ctx.db
    .transaction(async (tx) => {
      if (await siteNameTaken(tx, input.name)) throw new AppError('site_name_taken');
      const [site] = await tx
        .insert(sites)
        .values({
          name: input.name,
          nameEn: input.name_en ?? null,
          serviceType: input.service_type,
          domain: input.domain ?? null,
          address: input.address ?? null,
          province: input.province ?? null,
          remarks: input.remarks ?? null,
          startAt: toDate(input.start_at),
          endAt: toDate(input.end_at),
          createdBy: userId,
        })
        .returning();
      const managerId = input.manager ? await addSiteManager(tx, site!.id, input.manager) : null;
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId,
        action: 'site_create',
        targetType: 'site',
        targetId: site!.id,
        details: { before: null, after: { ...auditSnapshot(site!), manager_user_id: managerId } },
        ip: ctx.ip,
      });
      return { siteId: site!.id, managerId };
    })
    .catch(rethrowNameTaken);
  if (managerId !== null) await notifyUserChanged(ctx.deps, managerId);
  const detail = await loadSiteDetail(ctx.db, siteId);
  if (!detail) throw new AppError('not_found');
  return detail;
}
