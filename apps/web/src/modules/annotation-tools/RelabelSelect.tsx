import { Select } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The explicit "change label" control of a finished shape (its row or panel): the only way a tool relabels a shape
 * (label-pick.ts). Shows the shape's label in its colour; choosing another is one change of the result, so the
 * frame's undo takes it back. Clicks stay in the control (the row around it selects its shape).
 */
export function RelabelSelect({
  value,
  labels,
  disabled,
  onRelabel,
  testId,
  style,
}: {
  value: string | undefined;
  labels: readonly { name: string; color: string }[];
  disabled: boolean;
  onRelabel: (label: string) => void;
  testId: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation('annotation-tools');
  return (
    <Select
      size="small"
      style={{ minWidth: 96, ...style }}
      popupMatchSelectWidth={false}
      value={value ?? null}
      placeholder={t('no_label')}
      disabled={disabled}
      title={t('change_label')}
      aria-label={t('change_label')}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      onChange={(label: string) => label !== value && onRelabel(label)}
      options={labels.map((l) => ({
        value: l.name,
        label: (
          <span>
            <span
              style={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: 2,
                marginRight: 6,
                background: l.color,
              }}
            />
            {l.name}
          </span>
        ),
      }))}
      data-testid={testId}
    />
  );
}
