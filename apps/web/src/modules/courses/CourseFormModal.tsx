import type { TCourseDetail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { COURSE_FIELDS, CourseFields, type CourseValues, courseInput, courseValues } from './CourseFields.tsx';
import { createCourse } from './queries.ts';

/** A new course (a draft owned by the caller, without chapters: its weeks are added in the editor next). */
export function CourseFormModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (course: TCourseDetail) => void;
}) {
  const { t } = useTranslation('courses');
  const { message } = App.useApp();
  const [form] = Form.useForm<CourseValues>();
  const save = useMutation({
    mutationFn: (values: CourseValues) => createCourse(courseInput(values)),
    onSuccess: (course) => {
      void message.success(t('created'));
      onCreated(course);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, COURSE_FIELDS, { course_dates_invalid: 'ends_on' })) showError(error);
    },
  });
  return (
    <FormModal<CourseValues>
      form={form}
      title={t('create_title')}
      okText={t('create_ok')}
      saving={save.isPending}
      saveTestId="course-form-save"
      width={640}
      initialValues={courseValues()}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <CourseFields />
    </FormModal>
  );
}
