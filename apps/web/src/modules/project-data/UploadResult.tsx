import type { TDataUploadResult } from '@app/contracts';
import { Alert, List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The server's answer to an upload: how many items were added and what was not, with reasons. */
export function UploadResult({ result }: { result: TDataUploadResult }) {
  const { t } = useTranslation('project-data');
  return (
    <div data-testid="data-upload-result">
      <Alert
        type={result.failed_count > 0 ? 'warning' : 'success'}
        showIcon
        title={t('result_summary', { added: result.added, failed: result.failed_count })}
      />
      {result.failed.length > 0 && (
        <List
          size="small"
          bordered
          style={{ marginTop: 8, maxHeight: 240, overflow: 'auto' }}
          header={
            result.failed_count > result.failed.length
              ? t('result_failures_first', { shown: result.failed.length, count: result.failed_count })
              : t('result_failures')
          }
          dataSource={result.failed}
          renderItem={(failure) => (
            <List.Item data-testid="data-upload-failure">
              <Typography.Text code>
                {failure.line !== undefined ? t('line', { line: failure.line }) : failure.name}
              </Typography.Text>
              <span>{t(`reason_${failure.reason}`, { defaultValue: failure.reason })}</span>
            </List.Item>
          )}
        />
      )}
    </div>
  );
}
