import type { Executor } from '@app/db';
import { AppError } from '../../platform/errors.ts';
import { grantableRoles } from './members.queries.ts';

/**
 * Checks the roles a manager gives a member: each must be a tenant (non-platform) role; an unknown or platform
 * role answers `invalid_input` naming them. Answers the keys without duplicates.
 */
export async function checkGrantableRoles(db: Executor, wanted: string[]): Promise<string[]> {
  const keys = [...new Set(wanted)];
  const allowed = new Set((await grantableRoles(db)).map((r) => r.key));
  const refused = keys.filter((key) => !allowed.has(key));
  if (refused.length) {
    throw new AppError(
      'invalid_input',
      { fields: `roles: ${refused.join(', ')}` },
      { fields: [{ field: 'roles', keys: refused }] },
    );
  }
  return keys;
}
