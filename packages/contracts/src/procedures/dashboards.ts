import { z } from 'zod';
import { procedure } from '../procedure.ts';

export const dashboardProcedures = {
  platform: procedure({
    path: '/user/index-platform',
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
} as const;
