import type { Executor } from '@app/db';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { loadSource } from './teaching-sources.queries.ts';

/**
 * Whether the caller may put the source in a course task: a source of their organisation that is theirs, or any for a
 * manager. Read with a share lock (inside the caller's transaction when `ctx.db` is one), so the source cannot be
 * deleted before the task that shows it is saved.
 */
export async function teachingSourceUsable(
  ctx: Pick<TenantContext, 'session'> & { db: Executor },
  sourceId: number,
): Promise<boolean> {
  try {
    await loadSource(ctx.db, ctx.session.siteId, ctx.session, sourceId, 'share');
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') return false;
    throw error;
  }
}
