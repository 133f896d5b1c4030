import { MEMBER_IMPORT_COLUMNS, MEMBER_LIMITS } from '@app/contracts';
import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { listSiteMembers } from './members.queries.ts';

const EXPORT_COLUMNS = ['user_id', 'username', 'nickname', 'email', 'mobile', 'roles', 'status', 'joined_at'] as const;

/** `/user/export-user-data`: the members matching the filters (as the list shows them) in one xlsx sheet. */
export async function exportMembers(
  ctx: TenantContext,
  input: { filters: { keyword?: string; role?: string; status?: 'active' | 'pending' } },
) {
  const { rows } = await listSiteMembers(ctx.db, ctx.session.siteId, {
    ...input.filters,
    page: 1,
    pageSize: MEMBER_LIMITS.exportRows,
  });
  const header = EXPORT_COLUMNS.map((column) => translate(ctx.lang, `members.${column}`));
  const date = new Date().toISOString().slice(0, 10);
  return writeSheet(
    `members-${date}.xlsx`,
    'members',
    header,
    rows.map((r) => [
      r.userId,
      r.username,
      r.nickname,
      r.email,
      r.mobile,
      r.roles.join(','),
      r.status,
      r.joinedAt.toISOString(),
    ]),
  );
}

/** `/user/import-template`: the header row of the import (column keys) and one example row. */
export async function importTemplate() {
  return writeSheet(
    'member-import-template.xlsx',
    'members',
    [...MEMBER_IMPORT_COLUMNS],
    [['zhangsan01', '张三', 'zhangsan01@example.com', '13800000000', 'Abc12345', 'role_student']],
  );
}
