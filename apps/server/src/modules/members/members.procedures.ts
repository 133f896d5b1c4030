import { memberProcedures as p } from '@app/contracts';
import { implement } from '../../platform/procedures.ts';
import { listSiteMembers } from './members.queries.ts';

export const memberImplementations = [
  implement(p.mylist, async (input, ctx) => {
    const { rows, total } = await listSiteMembers(ctx.db, ctx.session.siteId, input);
    return {
      list: rows.map((row) => ({
        id: row.id,
        user_id: row.userId,
        username: row.username,
        nickname: row.nickname,
        email: row.email,
        mobile: row.mobile,
        roles: row.roles,
        status: row.status,
        joined_at: row.joinedAt.toISOString(),
      })),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
];
