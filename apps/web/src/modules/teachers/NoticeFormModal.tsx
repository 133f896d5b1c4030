import type { TTeacherNoticeRow } from '@app/contracts';
import { TEACHER_LIMITS } from '@app/contracts/procedures/teachers.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { saveTeacherNotice } from './queries.ts';

interface Values {
  title: string;
  content: string;
}

/** Creating a notice to the organisation's teachers, or changing one. */
export function NoticeFormModal({
  notice,
  onClose,
  onSaved,
}: {
  notice: TTeacherNoticeRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['teachers', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) =>
      saveTeacherNotice({
        ...(notice ? { id: notice.id } : {}),
        title: values.title.trim(),
        content: values.content.trim(),
      }),
    onSuccess: () => {
      void message.success(t('saved'));
      onSaved();
    },
    onError: (error) => form.setFields(fieldErrorsOf(error, ['title', 'content'] as const)),
  });
  return (
    <Modal
      open
      title={t(notice ? 'edit_notice' : 'create_notice')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'notice-form-submit' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ title: notice?.title ?? '', content: notice?.content ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="title"
          label={t('notice_title')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input maxLength={TEACHER_LIMITS.noticeTitle} showCount data-testid="notice-title" />
        </Form.Item>
        <Form.Item
          name="content"
          label={t('notice_content')}
          rules={[{ required: true, whitespace: true, message: t('required') }]}
        >
          <Input.TextArea rows={6} maxLength={TEACHER_LIMITS.noticeContent} showCount data-testid="notice-content" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
