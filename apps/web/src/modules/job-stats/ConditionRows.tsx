import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { STAT_FIELDS, STAT_OPS } from '@app/contracts/procedures/job-stats.ts';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ConditionDraft, MAX_CONDITIONS, newCondition, type StatCondition } from './conditions.ts';

/** Rows "field, operator, value" filtering the operators (up to ten). */
export function ConditionRows({
  value,
  onChange,
}: {
  value: ConditionDraft[];
  onChange: (rows: ConditionDraft[]) => void;
}) {
  const { t } = useTranslation('job-stats');
  const fieldLabel = (field: StatCondition['field']) =>
    field === 'accuracy' ? t('accuracy_unit') : field === 'work_seconds' ? t('work_seconds_unit') : t(field);
  const update = (key: number, patch: Partial<ConditionDraft>) =>
    onChange(value.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  return (
    <Space orientation="vertical" size={8} data-testid="stat-conditions">
      {value.map((row, index) => (
        <Space key={row.key} wrap data-testid="stat-condition">
          <Select
            style={{ width: 180 }}
            aria-label={t('condition_field')}
            value={row.field}
            onChange={(field) => update(row.key, { field })}
            options={STAT_FIELDS.map((field) => ({ value: field, label: fieldLabel(field) }))}
            data-testid={`stat-condition-field-${index}`}
          />
          <Select
            style={{ width: 130 }}
            aria-label={t('condition_op')}
            value={row.op}
            onChange={(op) => update(row.key, { op })}
            options={STAT_OPS.map((op) => ({ value: op, label: t(`op_${op}`) }))}
            data-testid={`stat-condition-op-${index}`}
          />
          <InputNumber
            style={{ width: 140 }}
            value={row.value}
            min={0}
            max={row.field === 'accuracy' ? 100 : undefined}
            placeholder={t('condition_value')}
            aria-label={t('condition_value')}
            onChange={(v) => update(row.key, { value: typeof v === 'number' ? v : null })}
            data-testid={`stat-condition-value-${index}`}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('remove_condition')}
            title={t('remove_condition')}
            onClick={() => onChange(value.filter((r) => r.key !== row.key))}
          />
        </Space>
      ))}
      <Space>
        <Button
          icon={<PlusOutlined />}
          disabled={value.length >= MAX_CONDITIONS}
          onClick={() => onChange([...value, newCondition()])}
          data-testid="stat-condition-add"
        >
          {t('add_condition')}
        </Button>
        {value.length >= MAX_CONDITIONS && (
          <Typography.Text type="secondary">{t('conditions_max', { count: MAX_CONDITIONS })}</Typography.Text>
        )}
      </Space>
    </Space>
  );
}
