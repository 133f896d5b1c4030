import { TEACHER_LIMITS } from '@app/contracts/procedures/teachers.ts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks for the reason of a rejection (required). */
export function RejectModal({
  pending,
  onCancel,
  onReject,
}: {
  pending: boolean;
  onCancel: () => void;
  onReject: (reason: string) => void;
}) {
  const { t } = useTranslation(['teachers', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('reject_title')}
      okText={t('reject')}
      okButtonProps={{ danger: true, 'data-testid': 'teacher-reject-submit' }}
      cancelText={t('common:cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onReject(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('reject_reason')}
          rules={[{ required: true, whitespace: true, message: t('reason_required') }]}
        >
          <Input.TextArea rows={3} maxLength={TEACHER_LIMITS.reason} showCount data-testid="teacher-reject-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
