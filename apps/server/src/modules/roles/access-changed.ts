import type { RequestContext } from '../../platform/context.ts';

/**
 * After a committed change of role grants: every instance drops its cached role access, sessions and user
 * answers, so signed-in users of the role get the new menus and permissions on their next call. A failure
 * to reach the other instances is logged, not thrown (the change is committed; `/system/refresh-cache`
 * repeats the broadcast).
 */
export async function announceAccessChanged(ctx: RequestContext): Promise<void> {
  await ctx.deps.hub
    .broadcastToInstances({ kind: 'access_changed' })
    .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not tell other instances that access changed'));
}
