import { systemAdminProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { createAnnouncement, deleteAnnouncement, updateAnnouncement } from './announcement-writes.service.ts';
import { announcementsFor, listAnnouncements } from './announcements.queries.ts';
import { listLogs } from './logs.queries.ts';
import { userStatsPerDay } from './user-stat.queries.ts';

/** System administration (module 11): the audit log, announcements, user statistics per day. */
export const systemAdminImplementations = [
  implement(p.systemLogs, async (input, ctx) => {
    const { rows, total } = await listLogs(ctx.db, input, ctx.lang);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.announcementList, async (input, ctx) => {
    const { rows, total } = await listAnnouncements(ctx.db, input);
    return { list: rows, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.announcementCreate, async (input, ctx) => createAnnouncement(ctx, input)),
  implement(p.announcementUpdate, async (input, ctx) => updateAnnouncement(ctx, input)),
  implement(p.announcementDelete, async (input, ctx) => deleteAnnouncement(ctx, input.id)),
  implement(p.userStatDayList, async (input, ctx) => ({ list: await userStatsPerDay(ctx.db, input.from, input.to) })),
  implement(p.userAnnouncements, async (_input, ctx) => ({ list: await announcementsFor(ctx.db, ctx.session.siteId) })),
];
