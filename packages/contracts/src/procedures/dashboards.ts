import { z } from 'zod';
import { procedure } from '../procedure.ts';

export const dashboardProcedures = {
  platform: procedure({
    path: '/user/index-platform',
    platform: true,
    summary: 'Platform dashboard: organisations, people, sessions and sign-ins across the platform.',
    input: z.object({}),
    output: z.object({
      sites: z.object({ total: z.number().int(), open: z.number().int(), closed: z.number().int() }),
      users: z.object({ total: z.number().int(), new_last_7_days: z.number().int() }),
      memberships: z.object({ active: z.number().int(), pending: z.number().int() }),
      logins: z.object({
        today: z.number().int(),
        last_7_days: z.array(z.object({ day: z.string(), count: z.number().int() })),
      }),
      active_sessions: z.number().int(),
      roles: z.array(z.object({ role: z.string(), count: z.number().int() })),
    }),
  }),
  manager: procedure({
    path: '/user/index-manager',
    summary: "Organisation dashboard: the current organisation's members by role and status, and its sign-ins.",
    input: z.object({}),
    output: z.object({
      site: z.object({ id: z.number().int(), name: z.string() }),
      members: z.object({ active: z.number().int(), pending: z.number().int() }),
      roles: z.array(z.object({ role: z.string(), count: z.number().int() })),
      logins: z.object({
        today: z.number().int(),
        last_7_days: z.array(z.object({ day: z.string(), count: z.number().int() })),
      }),
      recent_members: z.array(z.object({ nickname: z.string(), username: z.string(), joined_at: z.string() })),
    }),
  }),
} as const;
