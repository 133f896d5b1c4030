import { SITE_MANAGER_ROLES } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { AppError } from '../../platform/errors.ts';
import { findUserByLogin } from '../iam/index.ts';

const { siteUsers, siteUserRoles } = schema;

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
