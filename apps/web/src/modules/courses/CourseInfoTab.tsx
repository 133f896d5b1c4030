import type { TCourseDetail } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Descriptions, Form, Image, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { formatTime } from '../../shared/format.ts';
import { showError } from '../../shared/query-client.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { COURSE_FIELDS, CourseFields, type CourseValues, courseInput, courseValues } from './CourseFields.tsx';
import { updateCourse, useCourseSaved } from './queries.ts';

/**
 * The editor's first tab: the course's name, category, cover, description and dates, saved by the owner or a
 * manager (read-only for co-teachers and for an archived course), with when it was made and changed.
 */
export function CourseInfoTab({ course, readOnly }: { course: TCourseDetail; readOnly: boolean }) {
  const { t } = useTranslation(['courses', 'common']);
  const { message } = App.useApp();
  const saved = useCourseSaved();
  const [form] = Form.useForm<CourseValues>();
  const [dirty, setDirty] = useState(false);
  useUnsavedChanges(dirty);
  const save = useMutation({
    mutationFn: (values: CourseValues) => updateCourse({ id: course.id, ...courseInput(values) }),
    onSuccess: async (detail) => {
      setDirty(false);
      void message.success(t('saved'));
      await saved(detail);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, COURSE_FIELDS, { course_dates_invalid: 'ends_on' })) showError(error);
    },
  });
  const cover = Form.useWatch('cover', form);
  const coverShown = typeof cover === 'string' && /^(https?:\/\/|\/)\S+$/.test(cover.trim()) ? cover.trim() : null;

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Form<CourseValues>
        form={form}
        layout="vertical"
        disabled={readOnly}
        initialValues={courseValues(course)}
        onValuesChange={() => setDirty(true)}
        onFinish={(values) => save.mutate(values)}
        style={{ maxWidth: 720 }}
        data-testid="course-info-form"
      >
        <CourseFields />
        {coverShown && (
          <Form.Item label={t('cover_preview')}>
            <Image src={coverShown} alt={t('cover_preview')} width={240} />
          </Form.Item>
        )}
        {!readOnly && (
          <Space>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="course-info-save">
              {t('common:save')}
            </Button>
            <Button
              htmlType="button"
              onClick={() => {
                form.resetFields();
                setDirty(false);
              }}
            >
              {t('reset')}
            </Button>
          </Space>
        )}
      </Form>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} bordered>
        <Descriptions.Item label={t('created_at')}>{formatTime(course.created_at)}</Descriptions.Item>
        <Descriptions.Item label={t('updated_at')}>{formatTime(course.updated_at)}</Descriptions.Item>
        {course.copied_from_id !== null && (
          <Descriptions.Item label={t('copied_from')} span={2}>
            #{course.copied_from_id}
          </Descriptions.Item>
        )}
      </Descriptions>
    </Space>
  );
}
