import { siteProcedures as p, SITE_SERVICE_TYPES, SITE_STATUSES } from '@app/contracts';
import { PROVINCES } from '@app/contracts/places.ts';
import { schema } from '@app/db';
import { inArray } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { findSiteById } from '../iam/index.ts';
import { createInvitation, listInvitationRecords, presentInvitation } from '../invitations/index.ts';
import { listSiteMembers, memberRow } from '../members/index.ts';
import { reviewSwitches, saveReviewSwitches } from '../settings/index.ts';
import { changeUserSite } from './change-user-site.service.ts';
import { createSite } from './create-site.service.ts';
import { deleteSite } from './delete-site.service.ts';
import { exportSiteStats } from './export-site-stats.service.ts';
import { setSiteStatus } from './set-site-status.service.ts';
import { siteAreaDistribution, siteStats, sitesByMemberSection, sitesByProvince } from './site-stats.queries.ts';
import { listSites, loadSiteDetail, presentSiteRow, type SiteRecord } from './sites.queries.ts';
import { updateSite } from './update-site.service.ts';
import { updateSiteLogo } from './update-site-logo.service.ts';

/** Team settings: the fields of the caller's current organisation its managers may change. */
async function mySiteSettings(ctx: TenantContext) {
  const site: SiteRecord | undefined = await findSiteById(ctx.db, ctx.session.siteId);
  if (!site) throw new AppError('not_found');
  return {
    id: site.id,
    name: site.name,
    address: site.address,
    domain: site.domain,
    logo: site.logo,
    icon_logo: site.iconLogo,
  };
}

/**
 * Organisation administration (module 11): platform procedures, acting on any organisation by id; and team
 * settings (`/site/my-*`), tenant procedures on the caller's current organisation reusing the same services.
 */
export const siteImplementations = [
  implement(p.siteList, async (input, ctx) => {
    const { rows, total } = await listSites(ctx.db, input);
    return {
      list: rows.map((row) => presentSiteRow(row.site, row.memberCount)),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
  implement(p.siteDetail, async (input, ctx) => {
    const detail = await loadSiteDetail(ctx.db, input.id);
    if (!detail) throw new AppError('not_found');
    return detail;
  }),
  implement(p.siteForm, async () => ({
    service_types: SITE_SERVICE_TYPES.map((type) => ({ value: type.value, key: type.key })),
    statuses: [...SITE_STATUSES],
  })),
  implement(p.siteCreate, async (input, ctx) => createSite(ctx, input)),
  implement(p.siteUpdate, async (input, ctx) => updateSite(ctx, input)),
  implement(p.siteDelete, async (input, ctx) => deleteSite(ctx, input.id)),
  implement(p.siteOpen, async (input, ctx) => setSiteStatus(ctx, input.id, 'open')),
  implement(p.siteClose, async (input, ctx) => setSiteStatus(ctx, input.id, 'closed')),
  implement(p.siteUpdateLogo, async (input, ctx) => updateSiteLogo(ctx, input)),
  implement(p.siteStatList, async (input, ctx) => {
    const { rows, total, start, end } = await siteStats(ctx.db, input, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize, start_date: start, end_date: end };
  }),
  implement(p.siteStatListExport, async (input, ctx) => exportSiteStats(ctx, input)),
  implement(p.siteStatByStarSection, async (_input, ctx) => ({ list: await sitesByMemberSection(ctx.db) })),
  implement(p.siteStatByProvince, async (_input, ctx) => ({ list: await sitesByProvince(ctx.db, ctx.lang) })),
  implement(p.siteAreaDistribute, async (_input, ctx) => siteAreaDistribution(ctx.db, ctx.lang)),
  implement(p.siteChangeUserSite, async (input, ctx) => changeUserSite(ctx, input)),
  implement(p.siteInvitationList, async (input, ctx) => {
    const { rows, total } = await listInvitationRecords(ctx.db, input.site_id ?? null, input);
    const siteIds = [...new Set(rows.map((r) => r.invitation.siteId))];
    const names = siteIds.length
      ? await ctx.db
          .select({ id: schema.sites.id, name: schema.sites.name })
          .from(schema.sites)
          .where(inArray(schema.sites.id, siteIds))
      : [];
    return {
      list: rows.map((r) => ({
        ...presentInvitation(r),
        site_id: r.invitation.siteId,
        site_name: names.find((n) => n.id === r.invitation.siteId)?.name ?? '',
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
  implement(p.siteInvitationCreate, async (input, ctx) => {
    const site = await findSiteById(ctx.db, input.site_id);
    if (!site) throw new AppError('not_found');
    const row = await createInvitation(ctx, { remarks: input.remarks }, site.id);
    return { ...row, site_id: site.id, site_name: site.name };
  }),
  implement(p.placeList, async () => ({
    list: PROVINCES.map((place) => ({ code: place.code, name_zh: place.name_zh, name_en: place.name_en })),
  })),
  implement(p.siteMySettings, async (_input, ctx) => mySiteSettings(ctx)),
  implement(p.siteMySettingsUpdate, async (input, ctx) => {
    const { name, address, domain } = input;
    await updateSite(ctx, { id: ctx.session.siteId, name, address, domain });
    return mySiteSettings(ctx);
  }),
  implement(p.siteMyReviews, async (_input, ctx) => reviewSwitches(ctx.db, ctx.session.siteId)),
  implement(p.siteMyReviewsUpdate, async (input, ctx) => saveReviewSwitches(ctx, input)),
  implement(p.siteMyLogo, async (input, ctx) =>
    updateSiteLogo(ctx, { id: ctx.session.siteId, kind: input.kind, image: input.image }),
  ),
  implement(p.siteMembers, async (input, ctx) => {
    if (!(await findSiteById(ctx.db, input.id))) throw new AppError('not_found');
    const { rows, total } = await listSiteMembers(ctx.db, input.id, input);
    return {
      list: rows.map(memberRow),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
];
