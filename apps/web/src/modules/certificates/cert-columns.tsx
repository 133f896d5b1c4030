import type { TCertRow, TCertStatus } from '@app/contracts';
import { Tag, Tooltip } from 'antd';
import type { TFunction } from 'i18next';
import { formatTime } from '../../shared/format.ts';
import { STATUS_COLOR } from './cert-labels.ts';

/** The status of a certificate as a coloured tag; a revoked one shows the reason on hover. */
export function CertStatusTag({ cert, t }: { cert: Pick<TCertRow, 'status' | 'revoke_reason'>; t: TFunction }) {
  return (
    <Tooltip title={cert.revoke_reason || undefined}>
      <Tag color={STATUS_COLOR[cert.status]}>{t(`certificates:status_${cert.status}`)}</Tag>
    </Tooltip>
  );
}

/** Columns every table of issued certificates shows (the organisation's and the platform's). */
export function certColumns<Row extends TCertRow>(t: TFunction) {
  return {
    code: { title: t('certificates:code'), dataIndex: 'code', width: 170, render: (v: string) => <code>{v}</code> },
    holder: {
      title: t('certificates:holder'),
      width: 150,
      render: (_: unknown, row: Row) => `${row.holder_name} (${row.username})`,
    },
    template: { title: t('certificates:issue_template'), dataIndex: 'template_name', width: 120 },
    subject: { title: t('certificates:subject'), dataIndex: 'subject', width: 120 },
    source: {
      title: t('certificates:source'),
      dataIndex: 'source',
      width: 80,
      render: (v: string) => t(`certificates:source_${v}`),
    },
    validity: {
      title: t('certificates:validity'),
      key: 'validity',
      width: 150,
      render: (_: unknown, row: Row) => (
        <div>
          <div>{formatTime(row.issued_at)}</div>
          <div>~ {row.expires_at ? formatTime(row.expires_at) : t('certificates:never')}</div>
        </div>
      ),
    },
    status: {
      title: t('certificates:status'),
      dataIndex: 'status',
      width: 90,
      render: (_: TCertStatus, row: Row) => <CertStatusTag cert={row} t={t} />,
    },
  };
}
