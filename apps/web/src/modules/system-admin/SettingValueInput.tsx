import type { TSettingRow } from '@app/contracts';
import type { BuiltInSetting } from '@app/contracts/builtin-settings.ts';
import { Input, InputNumber, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';

type ValueType = TSettingRow['value_type'];

/**
 * The input that fits a setting's value (stored as text): a switch for booleans ('0'/'1'), a number input within a
 * built-in setting's bounds, a JSON text area, or a line of text. Controlled the way antd's Form.Item expects.
 */
export function SettingValueInput(props: {
  type: ValueType;
  builtIn?: BuiltInSetting | undefined;
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  testId?: string;
  /** Given by Form.Item: the control takes it, so the item's label names it. */
  id?: string;
}) {
  const { type, builtIn, value = '', onChange, disabled, testId, id } = props;
  if (type === 'boolean') {
    return (
      <Switch
        id={id}
        checked={value === '1'}
        onChange={(checked) => onChange?.(checked ? '1' : '0')}
        disabled={disabled}
        data-testid={testId}
      />
    );
  }
  if (type === 'number') {
    return (
      <InputNumber
        id={id}
        value={value === '' ? null : Number(value)}
        min={builtIn?.min}
        max={builtIn?.max}
        onChange={(next) => onChange?.(next === null ? '' : String(next))}
        disabled={disabled}
        style={{ width: 160 }}
        data-testid={testId}
      />
    );
  }
  if (type === 'json') {
    return (
      <Input.TextArea
        id={id}
        value={value}
        rows={4}
        onChange={(event) => onChange?.(event.target.value)}
        disabled={disabled}
        style={{ fontFamily: 'monospace' }}
        data-testid={testId}
      />
    );
  }
  return (
    <Input
      id={id}
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      disabled={disabled}
      data-testid={testId}
    />
  );
}

/** Form rules of a setting's value: numbers within bounds, JSON that parses (messages from `validation`). */
export function settingValueRules(t: TFunction, type: ValueType, builtIn?: BuiltInSetting): Rule[] {
  if (type === 'number') {
    const { min, max } = builtIn ?? {};
    return [
      { required: true, message: t('validation:required') },
      ...(min !== undefined && max !== undefined
        ? [
            {
              type: 'number' as const,
              min,
              max,
              transform: Number,
              message: t('errors:setting_value_out_of_range', { min, max }),
            },
          ]
        : []),
    ];
  }
  if (type === 'json') {
    return [
      {
        validator: async (_rule, value: string) => {
          try {
            JSON.parse(value);
          } catch {
            throw new Error(t('validation:setting_value_type'));
          }
        },
      },
    ];
  }
  return [];
}
