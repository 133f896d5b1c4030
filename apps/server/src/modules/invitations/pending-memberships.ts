import { AppError } from '../../platform/errors.ts';
import { lockMemberships } from './invitations.queries.ts';

/**
 * Locks the organisation's memberships named by `ids`, all of which must be pending: an id of another
 * organisation (or of none) answers `not_found`, an already active membership `conflict`; nothing changes then.
 */
export async function lockPendingMemberships(tx: Parameters<typeof lockMemberships>[0], siteId: number, ids: number[]) {
  const rows = await lockMemberships(tx, siteId, ids);
  if (rows.length !== ids.length) throw new AppError('not_found');
  if (rows.some((r) => r.status !== 'pending')) throw new AppError('conflict');
  return rows;
}
