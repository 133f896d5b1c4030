import type { TDataTransfer } from '@app/contracts';
import { Progress, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes, percentOf } from './queries.ts';

/** A transfer's progress bar (bytes done of total), red with the FTP server's message when it failed. */
export function TransferProgress({ transfer }: { transfer: TDataTransfer }) {
  const { t } = useTranslation('data-deployment');
  const finished = transfer.status !== 'running';
  const percent = percentOf(transfer.bytes_done, transfer.bytes_total, transfer.status === 'succeeded');
  const status = transfer.status === 'failed' ? 'exception' : transfer.status === 'succeeded' ? 'success' : 'active';
  return (
    <div data-testid={`transfer-progress-${transfer.id}`} data-status={transfer.status}>
      <Tooltip title={`${formatBytes(transfer.bytes_done)} / ${formatBytes(transfer.bytes_total)}`}>
        <Progress percent={percent} status={status} size="small" aria-label={t('progress')} />
      </Tooltip>
      {transfer.status === 'failed' && transfer.error && (
        <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid={`transfer-error-${transfer.id}`}>
          {transfer.error}
        </Typography.Text>
      )}
      {!finished && transfer.kind === 'pull' && transfer.bytes_total > 0 && percent === 100 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('importing')}
        </Typography.Text>
      )}
    </div>
  );
}
