import type { TCourseDetail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { CourseTeacherSelect } from './CourseTeacherSelect.tsx';
import { transferCourse } from './queries.ts';

interface Values {
  owner_id: number | null;
}

/** A manager gives a course to another teacher; the former owner stays as a co-teacher who may edit. */
export function CourseTransferModal({
  course,
  onClose,
  onDone,
}: {
  course: { id: number; name: string; owner_id: number | null; owner_name: string | null };
  onClose: () => void;
  onDone: (detail: TCourseDetail) => void;
}) {
  const { t } = useTranslation(['courses', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: ({ owner_id }: Values) => transferCourse(course.id, owner_id!),
    onSuccess: (detail) => {
      void message.success(t('transfer_done', { name: detail.owner_name ?? '' }));
      onDone(detail);
    },
    onError: (error) => showError(error),
  });
  return (
    <FormModal<Values>
      form={form}
      title={t('transfer_title', { name: course.name })}
      okText={t('transfer')}
      saving={save.isPending}
      saveTestId="course-transfer-save"
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Typography.Paragraph type="secondary">
        {t('transfer_help', { name: course.owner_name ?? t('owner_none') })}
      </Typography.Paragraph>
      <Form.Item
        name="owner_id"
        label={t('transfer_to')}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <CourseTeacherSelect
          exclude={course.owner_id === null ? [] : [course.owner_id]}
          testId="course-transfer-owner"
        />
      </Form.Item>
    </FormModal>
  );
}
