import { Button, Divider, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The buttons under a wizard step: back, an optional extra, and next (which saves the step). */
export function StepFooter({
  onBack,
  onNext,
  nextLabel,
  loading,
  disabled,
  extra,
}: {
  onBack?: () => void;
  onNext: () => void;
  nextLabel?: string;
  loading?: boolean;
  disabled?: boolean;
  extra?: ReactNode;
}) {
  const { t } = useTranslation('projects');
  return (
    <>
      <Divider />
      <Space style={{ width: '100%', justifyContent: 'flex-end' }} wrap>
        {extra}
        {onBack && (
          <Button onClick={onBack} data-testid="wizard-back">
            {t('wizard_back')}
          </Button>
        )}
        <Button type="primary" onClick={onNext} loading={loading} disabled={disabled} data-testid="wizard-next">
          {nextLabel ?? t('wizard_next')}
        </Button>
      </Space>
    </>
  );
}
