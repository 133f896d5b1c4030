import { endsAfterStart, type TSiteDetail } from '@app/contracts';
import { schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { type CreateSiteInput, rethrowNameTaken } from './create-site.service.ts';
import { addSiteManager } from './site-managers.ts';
import {
  auditSnapshot,
  loadSiteDetail,
  lockSite,
  saveSiteSettings,
  siteNameTaken,
  siteSettings,
} from './sites.queries.ts';

export type UpdateSiteInput = Partial<CreateSiteInput> & {
  id: number;
  settings?: Partial<Record<string, string>>;
};

/** Absent stays (undefined); empty or null clears; a value replaces. */
const toDate = (value: string | null | undefined) => (value === undefined ? undefined : value ? new Date(value) : null);

/**
 * Changes an organisation's fields and settings in one transaction. The name must stay unique and the period,
 * with the fields left out taken as they are, must end after it starts. Every instance drops its cached
 * answers afterwards (members see the new name, logo and settings at once).
 */
export async function updateSite(ctx: TenantContext, input: UpdateSiteInput): Promise<TSiteDetail> {
  const { userId } = ctx.session;
  await ctx.db
    .transaction(async (tx) => {
      const before = await lockSite(tx, input.id);
      if (!before) throw new AppError('not_found');
      if (input.name !== undefined && input.name !== before.name && (await siteNameTaken(tx, input.name, input.id))) {
        throw new AppError('site_name_taken');
      }
      const startAt = toDate(input.start_at);
      const endAt = toDate(input.end_at);
      const period = {
        start_at: (startAt === undefined ? before.startAt : startAt)?.toISOString() ?? null,
        end_at: (endAt === undefined ? before.endAt : endAt)?.toISOString() ?? null,
      };
      if (!endsAfterStart(period)) {
        const message = translate(ctx.lang, 'validation.end_before_start');
        throw new AppError(
          'invalid_input',
          { fields: `end_at: ${message}` },
          { fields: [{ field: 'end_at', code: 'custom', message }] },
        );
      }
      const [after] = await tx
        .update(schema.sites)
        .set({
          name: input.name,
          nameEn: input.name_en,
          serviceType: input.service_type,
          domain: input.domain,
          address: input.address,
          province: input.province,
          remarks: input.remarks,
          startAt,
          endAt,
          updatedAt: new Date(),
        })
        .where(eq(schema.sites.id, input.id))
        .returning();
      const settingsBefore = input.settings ? await siteSettings(tx, input.id) : undefined;
      const changedSettings = Object.fromEntries(
        Object.entries(input.settings ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      await saveSiteSettings(tx, input.id, changedSettings);
      const managerId = input.manager ? await addSiteManager(tx, input.id, input.manager) : null;
      await recordAudit(tx, {
        siteId: ctx.session.siteId,
        userId,
        action: 'site_update',
        targetType: 'site',
        targetId: input.id,
        details: {
          before: { ...auditSnapshot(before), ...(settingsBefore ? { settings: settingsBefore } : {}) },
          after: {
            ...auditSnapshot(after!),
            ...(input.settings ? { settings: changedSettings } : {}),
            ...(managerId !== null ? { manager_user_id: managerId } : {}),
          },
        },
        ip: ctx.ip,
      });
    })
    .catch(rethrowNameTaken);
  // Members cache the organisation's name, logo and settings (and a new manager their memberships).
  await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
  const detail = await loadSiteDetail(ctx.db, input.id);
  if (!detail) throw new AppError('not_found');
  return detail;
}
