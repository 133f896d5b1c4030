import type { TCertStatus } from '@app/contracts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';

const STATUSES: TCertStatus[] = ['valid', 'expired', 'revoked'];

/** The certificate lists' clearable status filter. */
export function CertStatusSelect({ onChange, testId }: { onChange: (status?: TCertStatus) => void; testId?: string }) {
  const { t } = useTranslation('certificates');
  return (
    <Select
      allowClear
      placeholder={t('filter_status')}
      aria-label={t('filter_status')}
      style={{ width: 140 }}
      options={STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
      onChange={(status?: TCertStatus) => onChange(status)}
      data-testid={testId}
    />
  );
}
