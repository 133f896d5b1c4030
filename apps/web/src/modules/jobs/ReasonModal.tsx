import { Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const REASON_MAX = 500;

/** Asks for the reason of a reject, reset or suspend (required) before confirming it. */
export function ReasonModal({
  open,
  title,
  hint,
  loading,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  title: string;
  hint?: string;
  loading: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}) {
  const { t } = useTranslation(['jobs', 'common']);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = reason.trim() === '';
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common:confirm')}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: missing, ...{ 'data-testid': 'review-confirm' } }}
      confirmLoading={loading}
      onCancel={onCancel}
      onOk={() => onConfirm(reason.trim())}
      afterClose={() => {
        setReason('');
        setTouched(false);
      }}
      destroyOnHidden
    >
      {hint && <Typography.Paragraph>{hint}</Typography.Paragraph>}
      <Input.TextArea
        autoFocus
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setTouched(true);
        }}
        maxLength={REASON_MAX}
        showCount
        rows={3}
        placeholder={t('reason_placeholder')}
        status={touched && missing ? 'error' : undefined}
        data-testid="review-reason-input"
      />
      {touched && missing && <Typography.Text type="danger">{t('reason_required')}</Typography.Text>}
    </Modal>
  );
}
