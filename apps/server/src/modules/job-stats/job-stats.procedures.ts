import { jobStatProcedures as p } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { exportStats } from './export-stats.service.ts';
import { statListByBatch, statusCountsOf } from './stat-batches.queries.ts';
import { statDays } from './stat-figures.queries.ts';
import { checkScopeIds, type StatScope } from './stat-scope.ts';
import { statUsers } from './stat-users.queries.ts';

type ScopeInput = { from: string; to: string; project_id?: number | undefined; task_id?: number | undefined };

/** The scope of a statistic in the caller's organisation; a project or task of another one answers `not_found`. */
async function scopeOf(ctx: TenantContext, input: ScopeInput): Promise<StatScope> {
  await checkScopeIds(ctx.db, ctx.session.siteId, input);
  return {
    siteId: ctx.session.siteId,
    from: input.from,
    to: input.to,
    ...(input.project_id !== undefined && { projectId: input.project_id }),
    ...(input.task_id !== undefined && { taskId: input.task_id }),
  };
}

/**
 * Whose figures `/stat/user` answers: the caller's own, or another member's of the organisation (not a member:
 * `not_found`) for a caller holding /stat/users (else `forbidden`).
 */
async function statUserId(ctx: TenantContext, userId: number | undefined): Promise<number> {
  if (userId === undefined || userId === ctx.session.userId) return ctx.session.userId;
  const [member] = await ctx.db
    .select({ id: schema.siteUsers.id })
    .from(schema.siteUsers)
    .where(and(eq(schema.siteUsers.siteId, ctx.session.siteId), eq(schema.siteUsers.userId, userId)));
  if (!member) throw new AppError('not_found');
  if (!ctx.session.permissions.has(p.statUsers.path)) throw new AppError('forbidden');
  return userId;
}

/** Performance statistics from the job operation records (docs/jobs.md). */
export const jobStatImplementations = [
  implement(p.statUsers, async (input, ctx) => statUsers(ctx.db, await scopeOf(ctx, input), input)),
  implement(p.statUser, async (input, ctx) => {
    const userId = await statUserId(ctx, input.user_id);
    return statDays(ctx.db, { ...(await scopeOf(ctx, input)), userId });
  }),
  implement(p.statDaily, async (input, ctx) => statDays(ctx.db, await scopeOf(ctx, input))),
  implement(p.statListByBatch, async (input, ctx) => {
    await checkScopeIds(ctx.db, ctx.session.siteId, input);
    return statListByBatch(ctx.db, ctx.session.siteId, input.project_id);
  }),
  implement(p.statDashboard, async (input, ctx) => {
    const { siteId, userId } = ctx.session;
    const [status_counts, figures] = await Promise.all([
      statusCountsOf(ctx.db, siteId, userId),
      statDays(ctx.db, { siteId, from: input.from, to: input.to, userId }),
    ]);
    return { status_counts, ...figures };
  }),
  implement(p.statExport, async (input, ctx) => exportStats(ctx, await scopeOf(ctx, input), input.kind)),
];
