import { SITE_MANAGER_ROLES, type TSiteDetail } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { notifyUserChanged } from '../../platform/session.ts';
import { uniqueViolation } from '../../platform/unique-violation.ts';
import { findUserByLogin } from '../iam/index.ts';
import { auditSnapshot, loadSiteDetail, siteNameTaken } from './sites.queries.ts';

const { sites, siteUsers, siteUserRoles } = schema;

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

/**
 * Makes an existing account (username or email) an active member of the organisation holding the manager and
 * teacher roles; a new membership starts in the manager role, an existing one keeps its current role.
 * An unknown account answers user_not_found. Answers the user's id.
 */
export async function addSiteManager(tx: Executor, siteId: number, login: string): Promise<number> {
  const user = await findUserByLogin(tx, login);
  if (!user) throw new AppError('user_not_found');
  const [membership] = await tx
    .insert(siteUsers)
    .values({ siteId, userId: user.id, currentRole: SITE_MANAGER_ROLES[0], status: 'active' })
    .onConflictDoUpdate({ target: [siteUsers.siteId, siteUsers.userId], set: { status: 'active' } })
    .returning({ id: siteUsers.id });
  await tx
    .insert(siteUserRoles)
    .values(SITE_MANAGER_ROLES.map((roleKey) => ({ siteUserId: membership!.id, siteId, roleKey })))
    .onConflictDoNothing();
  return user.id;
}

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
