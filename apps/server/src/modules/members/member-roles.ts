import { type Executor, schema } from '@app/db';
import { and, asc, eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { grantableRoles } from './members.queries.ts';

const { roles, siteUserRoles } = schema;

/**
 * Checks the roles a manager gives a member: each must be a tenant (non-platform) role or one of `kept`, the
 * platform roles the member holds already (a manager neither gives nor takes those away); an unknown or other
 * platform role answers `invalid_input` naming them. Answers the keys without duplicates, `kept` included.
 */
export async function checkGrantableRoles(db: Executor, wanted: string[], kept: string[] = []): Promise<string[]> {
  const keys = [...new Set(wanted)];
  const allowed = new Set([...(await grantableRoles(db)).map((r) => r.key), ...kept]);
  const refused = keys.filter((key) => !allowed.has(key));
  if (refused.length) {
    throw new AppError(
      'invalid_input',
      { fields: `roles: ${refused.join(', ')}` },
      { fields: [{ field: 'roles', keys: refused }] },
    );
  }
  return [...new Set([...keys, ...kept])];
}

/** The platform roles (root, platform operator) a membership holds. */
export async function platformRolesOf(db: Executor, siteUserId: number): Promise<string[]> {
  const rows = await db
    .select({ key: siteUserRoles.roleKey })
    .from(siteUserRoles)
    .innerJoin(roles, eq(roles.key, siteUserRoles.roleKey))
    .where(and(eq(siteUserRoles.siteUserId, siteUserId), eq(roles.platform, true)))
    .orderBy(asc(siteUserRoles.roleKey));
  return rows.map((r) => r.key);
}
