import { DatePicker } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DayRange } from './stat-format.ts';

/** The date range of a statistics page (UTC days, both ends included). */
export function RangeBar({
  value,
  onChange,
  testId,
}: {
  value: DayRange;
  onChange: (range: DayRange) => void;
  testId?: string;
}) {
  const { t } = useTranslation('job-stats');
  return (
    <DatePicker.RangePicker
      allowClear={false}
      value={value}
      onChange={(range) => range?.[0] && range[1] && onChange([range[0], range[1]])}
      aria-label={t('range')}
      data-testid={testId}
    />
  );
}
