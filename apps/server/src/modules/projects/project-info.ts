import type { TProjectInfo } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import { requireActiveMembers } from './project-people.queries.ts';

/**
 * The info step's rules beyond the contract: the category exists (and is enabled when newly chosen), the end is
 * strictly later than the start, the leader is an active member of the organisation.
 */
export async function checkProjectInfo(
  db: Executor,
  siteId: number,
  info: TProjectInfo,
  currentCategoryId?: number,
): Promise<{ startAt: Date; endAt: Date }> {
  const startAt = new Date(info.start_at);
  const endAt = new Date(info.end_at);
  if (endAt.getTime() <= startAt.getTime()) throw new AppError('project_end_before_start');
  if (info.category_id !== currentCategoryId) {
    const [category] = await db
      .select({ enabled: schema.annotationCategories.enabled })
      .from(schema.annotationCategories)
      .where(eq(schema.annotationCategories.id, info.category_id));
    if (!category) throw new AppError('not_found');
    if (!category.enabled) throw new AppError('category_disabled');
  }
  if (info.leader_id) await requireActiveMembers(db, siteId, [info.leader_id]);
  return { startAt, endAt };
}
