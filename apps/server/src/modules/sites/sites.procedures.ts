import { siteProcedures as p, SITE_SERVICE_TYPES, SITE_STATUSES } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { listSiteMembers } from '../members/members.queries.ts';
import { createSite } from './create-site.service.ts';
import { deleteSite } from './delete-site.service.ts';
import { setSiteStatus } from './set-site-status.service.ts';
import { findSite, listSites, loadSiteDetail, presentSiteRow } from './sites.queries.ts';
import { updateSite } from './update-site.service.ts';
import { updateSiteLogo } from './update-site-logo.service.ts';

/** Organisation administration (module 11): platform procedures, acting on any organisation by id. */
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
  implement(p.siteMembers, async (input, ctx) => {
    if (!(await findSite(ctx.db, input.id))) throw new AppError('not_found');
    const { rows, total } = await listSiteMembers(ctx.db, input.id, input);
    return {
      list: rows.map((row) => ({
        id: row.id,
        user_id: row.userId,
        username: row.username,
        nickname: row.nickname,
        email: row.email,
        mobile: row.mobile,
        roles: row.roles,
        status: row.status,
        joined_at: row.joinedAt.toISOString(),
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
];
