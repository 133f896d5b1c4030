import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { findVisibleSet, type PracticeSetRecord } from './practice-sets.queries.ts';

/**
 * A set the caller may practise now: visible to the caller (else not_found), of the current organisation
 * (practice_other_site naming the set's organisation) and published (practice_set_closed).
 */
export async function requireCurrentSiteSet(ctx: TenantContext, setId: number): Promise<PracticeSetRecord> {
  const set = await findVisibleSet(ctx.db, ctx.session.userId, setId);
  if (!set || (set.status === 'draft' && set.siteId !== ctx.session.siteId)) throw new AppError('not_found');
  if (set.siteId !== ctx.session.siteId) throw new AppError('practice_other_site', { site: set.siteName });
  if (set.status !== 'published') throw new AppError('practice_set_closed');
  return set;
}

/** Joins a published set; a set locked to a category needs the caller's unlock of it (practice_locked). */
export async function joinPracticeSet(ctx: TenantContext, setId: number): Promise<{ ok: true }> {
  const { siteId, userId } = ctx.session;
  const set = await requireCurrentSiteSet(ctx, setId);
  if (set.lockCategoryId !== null) {
    const [unlocked] = await ctx.db
      .select({ userId: schema.categoryUnlocks.userId })
      .from(schema.categoryUnlocks)
      .where(
        and(
          eq(schema.categoryUnlocks.userId, userId),
          eq(schema.categoryUnlocks.categoryId, set.lockCategoryId),
          eq(schema.categoryUnlocks.siteId, siteId),
        ),
      );
    if (!unlocked) throw new AppError('practice_locked');
  }
  await ctx.db.insert(schema.practiceJoins).values({ setId, userId, siteId }).onConflictDoNothing();
  return { ok: true };
}
