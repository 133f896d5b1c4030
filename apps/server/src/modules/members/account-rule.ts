import { type Executor, outerColumn, schema } from '@app/db';
import { eq, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';

const { users, siteUsers, siteUserRoles, roles } = schema;

/**
 * True (per row of a query over `users`) when the account is not the organisation's alone: it has a membership
 * of any status in another organisation, or holds a platform role. Such an account's own fields (password,
 * email, mobile, nickname, status...) are changed only by its holder or through platform procedures; the
 * organisation still manages the membership (roles, status, groups, removal).
 */
export function accountSharedSql(siteId: number): SQL<boolean> {
  return sql<boolean>`exists(
    select 1 from ${siteUsers} s
    left join ${siteUserRoles} r on r.site_user_id = s.id
    left join ${roles} p on p.key = r.role_key and p.platform
    where s.user_id = ${outerColumn(users.id)} and (s.site_id <> ${siteId} or p.key is not null))`;
}

/**
 * The rule of every tenant procedure that writes an account's own fields or sessions: locks the account row
 * for the caller's transaction (a membership added elsewhere meanwhile waits for it, so the check and the write
 * agree) and answers `account_shared` when the account is not the organisation's alone.
 */
export async function requireSoleOrganisation(tx: Executor, siteId: number, userId: number): Promise<void> {
  const [account] = await tx
    .select({ shared: accountSharedSql(siteId) })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!account) throw new AppError('not_found');
  if (account.shared) throw new AppError('account_shared');
}
