import { systemProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';

export const systemImplementations = [
  implement(p.authRefresh, async (_input, ctx) => {
    await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
    return { ok: true as const };
  }),
  implement(p.refreshCache, async (_input, ctx) => {
    await ctx.deps.hub.broadcastToInstances({ kind: 'access_changed' });
    return { ok: true as const };
  }),
  implement(p.onlineUsers, async (_input, ctx) => ctx.deps.hub.onlineCounts()),
];
