import { type Executor, schema } from '@app/db';
import { and, asc, eq, or, sql } from 'drizzle-orm';

const { users, sites, siteUsers, siteUserRoles, roles } = schema;

export type UserRow = typeof users.$inferSelect;
export type SiteRow = typeof sites.$inferSelect;

/** A user by username or by email (case-insensitive for email). */
export async function findUserByLogin(db: Executor, login: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(or(eq(users.username, login), eq(sql`lower(${users.email})`, login.toLowerCase())))
    .limit(1);
  return user;
}

/** Whether an account has `email` (lower case) as its email or its username (the sign-ups' "address taken"). */
export async function emailInUse(db: Executor, email: string): Promise<boolean> {
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(or(eq(sql`lower(${users.email})`, email), eq(sql`lower(${users.username})`, email)))
    .limit(1);
  return taken !== undefined;
}

export async function findUserById(db: Executor, userId: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  return user;
}

export async function findSiteById(db: Executor, siteId: number): Promise<SiteRow | undefined> {
  const [site] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return site;
}

/** A user's memberships with their sites, oldest first. */
export function listMemberships(db: Executor, userId: number) {
  return db
    .select({
      id: siteUsers.id,
      siteId: siteUsers.siteId,
      status: siteUsers.status,
      currentRole: siteUsers.currentRole,
      site: sites,
    })
    .from(siteUsers)
    .innerJoin(sites, eq(sites.id, siteUsers.siteId))
    .where(eq(siteUsers.userId, userId))
    .orderBy(asc(siteUsers.id));
}

/** The roles a membership holds, with their names. */
export function listMembershipRoles(db: Executor, siteId: number, siteUserId: number) {
  return db
    .select({ key: roles.key, name: roles.name, builtin: roles.builtin })
    .from(siteUserRoles)
    .innerJoin(roles, eq(roles.key, siteUserRoles.roleKey))
    .where(and(eq(siteUserRoles.siteId, siteId), eq(siteUserRoles.siteUserId, siteUserId)))
    .orderBy(asc(roles.key));
}
