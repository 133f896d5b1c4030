import { FlagOutlined } from '@ant-design/icons';
import type { TQuestionReportKind } from '@app/contracts';
import { QUESTION_REPORT_LIMITS } from '@app/contracts/question-report-rules.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, type ButtonProps, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { createReport, useReportsChanged } from './queries.ts';

/**
 * For learner pages (practice, exams, courses): a button beside a question that opens a form for a correction
 * (what is wrong with this question) or, with `kind="feedback"`, feedback about it or, without a question, in
 * general. The content managers are told; the learner follows it in their own reports (`/dataset-feedback/mine`).
 */
export function ReportQuestionButton({
  questionId,
  kind = 'correction',
  label,
  buttonProps,
  onReported,
}: {
  /** Required for a correction. */
  questionId?: number;
  kind?: TQuestionReportKind;
  /** The button's text; by default "Report an error" or "Feedback". */
  label?: string;
  buttonProps?: ButtonProps;
  onReported?: () => void;
}) {
  const { t } = useTranslation(['question-reports', 'common']);
  const { message } = App.useApp();
  const changed = useReportsChanged();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ content: string }>();
  const send = useMutation({
    mutationFn: (content: string) =>
      createReport({
        kind,
        content,
        ...(questionId === undefined ? {} : { question_id: questionId }),
      }),
    onSuccess: () => {
      setOpen(false);
      form.resetFields();
      void message.success(t('reported'));
      void changed();
      onReported?.();
    },
    onError: (error) => showError(error),
  });
  const correction = kind === 'correction';
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={<FlagOutlined />}
        onClick={() => setOpen(true)}
        disabled={correction && questionId === undefined}
        data-testid="report-question"
        {...buttonProps}
      >
        {label ?? t(correction ? 'report_error' : 'give_feedback')}
      </Button>
      {open && (
        <Modal
          open
          title={t(correction ? 'report_error_title' : 'feedback_form_title')}
          okText={t('send')}
          okButtonProps={{ ...{ 'data-testid': 'report-question-submit' } }}
          cancelText={t('common:cancel')}
          confirmLoading={send.isPending}
          onOk={() => form.submit()}
          onCancel={() => setOpen(false)}
          destroyOnHidden
        >
          <Form form={form} layout="vertical" onFinish={(values) => send.mutate(values.content.trim())}>
            <Form.Item
              name="content"
              label={t(correction ? 'correction_label' : 'feedback_label')}
              rules={[{ required: true, whitespace: true, message: t('content_required') }]}
            >
              <Input.TextArea
                rows={5}
                maxLength={QUESTION_REPORT_LIMITS.content}
                showCount
                placeholder={t(correction ? 'correction_placeholder' : 'feedback_placeholder')}
                data-testid="report-question-content"
              />
            </Form.Item>
          </Form>
        </Modal>
      )}
    </>
  );
}
