import { type Db, prepared, schema } from '@app/db';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { SHELL_SETTING_DEFAULTS } from './settings.queries.ts';

const { users, sites, siteUsers, siteUserRoles, roles, settings } = schema;

/** The prepared statements behind `/user/detail`, which every page load of the shell calls. */
export function userDetailQueries(db: Db) {
  return prepared(db, 'user_detail', (d) => ({
    user: d
      .select()
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .limit(1)
      .prepare('detail_user'),
    memberships: d
      .select({ id: siteUsers.id, siteId: siteUsers.siteId, status: siteUsers.status, site: sites })
      .from(siteUsers)
      .innerJoin(sites, eq(sites.id, siteUsers.siteId))
      .where(eq(siteUsers.userId, sql.placeholder('userId')))
      .orderBy(asc(siteUsers.id))
      .prepare('detail_memberships'),
    heldRoles: d
      .select({ key: roles.key, name: roles.name, builtin: roles.builtin })
      .from(siteUserRoles)
      .innerJoin(siteUsers, eq(siteUsers.id, siteUserRoles.siteUserId))
      .innerJoin(roles, eq(roles.key, siteUserRoles.roleKey))
      .where(and(eq(siteUserRoles.siteId, sql.placeholder('siteId')), eq(siteUsers.userId, sql.placeholder('userId'))))
      .orderBy(asc(roles.key))
      .prepare('detail_held_roles'),
    settings: d
      .select({ siteId: settings.siteId, key: settings.key, value: settings.value })
      .from(settings)
      .where(
        and(
          inArray(settings.key, Object.keys(SHELL_SETTING_DEFAULTS)),
          or(isNull(settings.siteId), eq(settings.siteId, sql.placeholder('siteId'))),
        ),
      )
      .prepare('detail_settings'),
  }));
}
