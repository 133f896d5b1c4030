import {
  BUILTIN_ROLES,
  PLATFORM_USER_RECENT_RECORDS,
  platformUserProcedures as p,
  SIGN_IN_SECTIONS,
} from '@app/contracts';
import { schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { siteDisplayName } from '../../platform/site-name.ts';
import { permittedModules } from '../iam/index.ts';
import { roleDisplayName } from '../roles/index.ts';
import { userStatsPerDay } from '../system-admin/index.ts';
import {
  listPlatformUsers,
  membershipsWithRoles,
  onlineUsersPage,
  outboxState,
  signInSections,
  siteOptions,
  userRecords,
  usersWithSite,
} from './platform-users.queries.ts';
import { setAccountStatus } from './set-status.service.ts';
import { getMaskedMobile, updateMobile } from './update-mobile.service.ts';

/** Platform user management (module 11), the online and background-work figures, and self-service calls. */
export const platformUserImplementations = [
  implement(p.platformUserList, async (input, ctx) => {
    const { list, total } = await listPlatformUsers(ctx.db, input);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.platformUserForm, async (_input, ctx) => ({
    statuses: ['active' as const, 'disabled' as const],
    sites: await siteOptions(ctx.db, ctx.lang),
  })),
  implement(p.platformUserRecords, async (input, ctx) => {
    const { list, total } = await userRecords(ctx.db, input.user_id, ctx.lang, input.page, input.pageSize);
    return { list, total, page: input.page, pageSize: input.pageSize };
  }),
  implement(p.platformUserDetail, async (input, ctx) => {
    const [user] = await ctx.db.select().from(schema.users).where(eq(schema.users.id, input.user_id));
    if (!user) throw new AppError('not_found');
    const [organisations, records] = await Promise.all([
      membershipsWithRoles(ctx.db, user.id, ctx.lang),
      userRecords(ctx.db, user.id, ctx.lang, 1, PLATFORM_USER_RECENT_RECORDS),
    ]);
    return {
      info: {
        id: user.id,
        username: user.username,
        nickname: user.nickname,
        real_name: user.realName,
        email: user.email,
        mobile: user.mobile,
        status: user.status,
        current_site_id: user.currentSiteId,
        created_at: user.createdAt.toISOString(),
        last_login_at: user.lastLoginAt?.toISOString() ?? null,
      },
      organisations,
      records: records.list,
    };
  }),
  implement(p.platformUserSetStatus, async (input, ctx) => setAccountStatus(ctx, input)),
  implement(p.userStatBySignIns, async (_input, ctx) => {
    const counts = await signInSections(ctx.db);
    return { list: SIGN_IN_SECTIONS.map((section) => ({ section, users: counts.get(section) ?? 0 })) };
  }),
  implement(p.userStatDayListAlias, async (input, ctx) => ({
    list: await userStatsPerDay(ctx.db, input.from, input.to),
  })),
  implement(p.systemWsStat, async (_input, ctx) => {
    const [counts, ids] = await Promise.all([ctx.deps.hub.onlineCounts(), ctx.deps.hub.onlineUserIds()]);
    const online = await usersWithSite(ctx.db, ids);
    const bySite = new Map<number | null, { site_id: number | null; site_name: string | null; users: number }>();
    for (const user of online) {
      const key = user.site?.id ?? null;
      const entry = bySite.get(key) ?? {
        site_id: key,
        site_name: user.site ? siteDisplayName(user.site, ctx.lang) : null,
        users: 0,
      };
      entry.users += 1;
      bySite.set(key, entry);
    }
    return { ...counts, sites: [...bySite.values()].sort((a, b) => b.users - a.users) };
  }),
  implement(p.systemOnlineUsersAll, async (input, ctx) => {
    const [counts, online] = await Promise.all([ctx.deps.hub.onlineCounts(), ctx.deps.hub.onlineUsers()]);
    const presence = new Map(online.map((user) => [user.id, user]));
    const { rows, total } = await onlineUsersPage(ctx.db, [...presence.keys()], input);
    return {
      ...counts,
      list: rows.map((u) => {
        const since = presence.get(u.id)?.since ?? null;
        return {
          user_id: u.id,
          username: u.username,
          nickname: u.nickname,
          site_id: u.site?.id ?? null,
          site_name: u.site ? siteDisplayName(u.site, ctx.lang) : null,
          role_name: u.site && u.role ? roleDisplayName(u.role, ctx.lang) : null,
          since: since === null ? null : new Date(since).toISOString(),
          sockets: presence.get(u.id)?.sockets ?? 0,
        };
      }),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
  implement(p.systemMqStat, async (_input, ctx) => {
    const { byStatus, oldestPending } = await outboxState(ctx.db);
    return {
      outbox: byStatus,
      oldest_pending_at: oldestPending?.toISOString() ?? null,
      oldest_pending_seconds: oldestPending
        ? Math.max(0, Math.floor((Date.now() - oldestPending.getTime()) / 1000))
        : null,
    };
  }),
  implement(p.systemAliStat, async (_input, ctx) => {
    const [storage, outbox, websocket] = await Promise.all([
      ctx.deps.storage.usage().then((usage) => ({ kind: ctx.deps.storage.kind, ...usage })),
      outboxState(ctx.db),
      ctx.deps.hub.onlineCounts(),
    ]);
    return {
      provider: 'local' as const,
      storage,
      mail: outbox.byStatus,
      websocket,
      measured_at: new Date().toISOString(),
    };
  }),
  implement(p.selfUpdateMobile, async (input, ctx) => updateMobile(ctx, input.mobile)),
  implement(p.selfGetUserMobile, async (_input, ctx) => getMaskedMobile(ctx)),
  implement(p.userIndex, async (_input, ctx) => {
    const routes = ctx.session.role ? await ctx.deps.access.menusOf(ctx.session.role) : [];
    // A built-in role opens its own first module; a custom one the first module of the catalogue it may open.
    const order: readonly string[] = BUILTIN_ROLES.find((r) => r.key === ctx.session.role)?.modules ?? [];
    const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
    const entries = await ctx.deps.access.menuEntries();
    const [first] = permittedModules(routes, ctx.lang, entries).sort(
      (a, b) => rank(a.module_route) - rank(b.module_route),
    );
    if (!first) return { module: null, route_name: null, path: '/' };
    return { module: first.module_route, route_name: routeNameAt(first.default_route), path: first.default_route };
  }),
];

/** The route name of a catalogue path (`/user/detail/:tab?/:id?` -> `user-detail`). */
function routeNameAt(path: string): string | null {
  return path === '/'
    ? null
    : path
        .split('/')
        .filter((s) => s !== '' && !s.startsWith(':'))
        .join('-');
}
