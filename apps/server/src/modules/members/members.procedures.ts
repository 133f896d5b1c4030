import { MEMBER_LIMITS, memberProcedures as p } from '@app/contracts';
import { AppError } from '../../platform/errors.ts';
import { implement } from '../../platform/procedures.ts';
import { createMember } from './create-member.service.ts';
import { exportMembers, importTemplate } from './export-members.service.ts';
import { importMembers } from './import-members.service.ts';
import { grantableRoles, listSiteMembers, loadMemberDetail, memberRow } from './members.queries.ts';
import { removeMember, resetMemberPassword } from './remove-member.service.ts';
import { updateMember } from './update-member.service.ts';

export const memberImplementations = [
  implement(p.mylist, async (input, ctx) => {
    const { rows, total } = await listSiteMembers(ctx.db, ctx.session.siteId, input);
    return {
      list: rows.map(memberRow),
      total,
      page: input.page,
      pageSize: input.pageSize,
    };
  }),
  implement(p.memberDetail, async (input, ctx) => {
    const detail = await loadMemberDetail(ctx.db, ctx.session.siteId, input.user_id, MEMBER_LIMITS.loginRecords);
    if (!detail) throw new AppError('not_found');
    const { user, membership } = detail;
    return {
      user_id: user.id,
      membership_id: membership.id,
      username: user.username,
      nickname: user.nickname,
      real_name: user.realName,
      email: user.email,
      mobile: user.mobile,
      status: membership.status,
      account_status: user.status,
      joined_at: membership.joinedAt.toISOString(),
      created_at: user.createdAt.toISOString(),
      last_login_at: detail.logins[0]?.createdAt.toISOString() ?? null,
      current_role: membership.currentRole,
      roles: detail.roles,
      account_shared: detail.shared,
      login_records: detail.logins.map((l) => ({ action: l.action, ip: l.ip, created_at: l.createdAt.toISOString() })),
    };
  }),
  implement(p.memberRoles, async (_input, ctx) => grantableRoles(ctx.db)),
  implement(p.create, async (input, ctx) => createMember(ctx, input)),
  implement(p.update, async (input, ctx) => updateMember(ctx, input)),
  implement(p.remove, async (input, ctx) => removeMember(ctx, input)),
  implement(p.resetPassword, async (input, ctx) => resetMemberPassword(ctx, input)),
  implement(p.exportUsers, async (input, ctx) => exportMembers(ctx, input)),
  implement(p.importTemplate, async () => importTemplate()),
  implement(p.import, async (input, ctx) => importMembers(ctx, input)),
];
