import type { TCertRow } from '@app/contracts';
import { CERT_LIMITS } from '@app/contracts/procedures/certificates.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { revokeCert } from './queries.ts';

/** Confirms revoking a certificate, with the reason (required). */
export function CertRevokeModal({
  cert,
  onClose,
  onRevoked,
}: {
  cert: TCertRow;
  onClose: () => void;
  onRevoked: () => void;
}) {
  const { t } = useTranslation(['certificates', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ reason: string }>();
  const revoke = useMutation({
    mutationFn: (reason: string) => revokeCert(cert.id, reason),
    onSuccess: () => {
      void message.success(t('revoke_done'));
      onRevoked();
    },
    onError: (error) => showError(error),
  });
  return (
    <Modal
      open
      title={t('revoke_title', { code: cert.code })}
      okText={t('revoke')}
      cancelText={t('common:cancel')}
      okButtonProps={{ danger: true, loading: revoke.isPending, ...{ 'data-testid': 'cert-revoke-confirm' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Alert type="warning" showIcon title={t('revoke_warning')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="vertical" onFinish={(values) => revoke.mutate(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('revoke_reason')}
          rules={[{ required: true, whitespace: true, message: t('validation:required') }]}
        >
          <Input.TextArea rows={3} maxLength={CERT_LIMITS.reason} showCount data-testid="cert-revoke-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
