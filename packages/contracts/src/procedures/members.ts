import { z } from 'zod';
import { listOutput, ZListInput } from '../lists.ts';
import { procedure } from '../procedure.ts';

export const ZMemberRow = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  nickname: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  roles: z.array(z.string()),
  status: z.enum(['active', 'pending']),
  joined_at: z.string(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;

export const memberProcedures = {
  mylist: procedure({
    path: '/user/mylist',
    summary: "Members of the caller's organisation (organisational structure), with roles and status.",
    input: ZListInput.extend({
      role: z.string().max(64).optional(),
      status: z.enum(['active', 'pending']).optional(),
    }),
    output: listOutput(ZMemberRow),
  }),
} as const;
