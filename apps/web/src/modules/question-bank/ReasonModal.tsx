import { QUESTION_LIMITS } from '@app/contracts/question-rules.ts';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

/** Asks why the chosen categories or questions fail review (required; the author sees it). */
export function ReasonModal({
  count,
  pending,
  onCancel,
  onFail,
}: {
  count: number;
  pending: boolean;
  onCancel: () => void;
  onFail: (reason: string) => void;
}) {
  const { t } = useTranslation(['question-bank', 'common']);
  const [form] = Form.useForm<{ reason: string }>();
  return (
    <Modal
      open
      title={t('fail_title', { count })}
      okText={t('fail')}
      okButtonProps={{ danger: true, ...{ 'data-testid': 'qb-reason-submit' } }}
      cancelText={t('common:cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(values) => onFail(values.reason.trim())}>
        <Form.Item
          name="reason"
          label={t('fail_reason')}
          rules={[{ required: true, whitespace: true, message: t('fail_reason_required') }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={QUESTION_LIMITS.reason}
            showCount
            autoFocus
            data-testid="qb-reason-input"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
