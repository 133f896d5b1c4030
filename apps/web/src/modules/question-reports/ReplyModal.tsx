import { QUESTION_REPORT_LIMITS } from '@app/contracts/question-report-rules.ts';
import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The reply to a report before accepting (optional) or declining it (required: the reporter reads why). The
 * reporter sees the reply in their list and in a notice.
 */
export function ReplyModal({
  decision,
  content,
  pending,
  onCancel,
  onReply,
}: {
  decision: 'accept' | 'decline';
  /** The report's text, quoted above the reply. */
  content: string;
  pending: boolean;
  onCancel: () => void;
  onReply: (reply: string) => void;
}) {
  const { t } = useTranslation(['question-reports', 'common']);
  const [form] = Form.useForm<{ reply?: string }>();
  const decline = decision === 'decline';
  return (
    <Modal
      open
      title={t(decline ? 'decline_title' : 'accept_title')}
      okText={t(decline ? 'decline' : 'accept')}
      okButtonProps={{ danger: decline, ...{ 'data-testid': 'report-reply-submit' } }}
      cancelText={t('common:cancel')}
      confirmLoading={pending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 3, expandable: true }}>
        {content}
      </Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={(values) => onReply(values.reply?.trim() ?? '')}>
        <Form.Item
          name="reply"
          label={t(decline ? 'reply_required_label' : 'reply_optional_label')}
          rules={decline ? [{ required: true, whitespace: true, message: t('reply_required') }] : []}
        >
          <Input.TextArea
            rows={4}
            maxLength={QUESTION_REPORT_LIMITS.reply}
            showCount
            placeholder={t(decline ? 'decline_placeholder' : 'accept_placeholder')}
            data-testid="report-reply"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
