import { CERT_LIMITS, type TCertStatus } from '@app/contracts';
import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { listSiteCerts } from './certificates.queries.ts';

const COLUMNS = [
  'code',
  'holder',
  'username',
  'subject',
  'export_template',
  'source',
  'score',
  'issued_at',
  'expires_at',
  'status',
  'revoked_at',
  'export_revoke_reason',
] as const;

/** `/dataset-cert-user/export`: the organisation's certificates matching the list's filters in one xlsx sheet. */
export async function exportCertificates(
  ctx: TenantContext,
  filter: { keyword?: string; status?: TCertStatus; template_id?: number },
) {
  const { list } = await listSiteCerts(ctx.db, ctx.session.siteId, {
    ...filter,
    page: 1,
    pageSize: CERT_LIMITS.exportRows,
  });
  const t = (key: string) => translate(ctx.lang, `certificates.${key}`);
  const date = new Date().toISOString().slice(0, 10);
  return writeSheet(
    `certificates-${date}.xlsx`,
    t('export_sheet'),
    COLUMNS.map((c) => t(c)),
    list.map((r) => [
      r.code,
      r.holder_name,
      r.username,
      r.subject,
      r.template_name,
      t(`source_${r.source}`),
      r.score || null,
      r.issued_at,
      r.expires_at,
      t(`status_${r.status}`),
      r.revoked_at,
      r.revoke_reason || null,
    ]),
  );
}
