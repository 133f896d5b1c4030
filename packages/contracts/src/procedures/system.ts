import { z } from 'zod';
import { procedure } from '../procedure.ts';

export const systemProcedures = {
  authRefresh: procedure({
    path: '/system/auth-refresh',
    platform: true,
    summary: "Drops every instance's cached role permissions and menus, so role edits take effect at once.",
    input: z.object({}),
    output: z.object({ ok: z.literal(true) }),
  }),
  refreshCache: procedure({
    path: '/system/refresh-cache',
    platform: true,
    summary: "Drops every instance's cached role access, sessions and user answers.",
    input: z.object({}),
    output: z.object({ ok: z.literal(true) }),
  }),
  onlineUsers: procedure({
    path: '/system/online-users',
    platform: true,
    summary: 'Users with an open websocket on this platform, and their sockets.',
    input: z.object({}),
    output: z.object({ users: z.number().int(), sockets: z.number().int() }),
  }),
} as const;
