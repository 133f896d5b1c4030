import type { TTeacherRow } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Form, Input, Select, Spin, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { applyAsTeacher, TEACHER_FORM_KEY, teacherApplicationQuery } from './queries.ts';

interface Values {
  title: string;
  bio: string;
  subjects: string[];
}

const STATUS_COLOR: Record<TTeacherRow['status'], string> = { applied: 'blue', verified: 'green', rejected: 'red' };

/**
 * `/myinfo/teacher`: a member applies to be a teacher of the current organisation (title, introduction,
 * subjects), sees the state of the application, and applies again after a rejection.
 */
export function TeacherTab() {
  const { t } = useTranslation(['my-info', 'common']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const mine = useQuery(teacherApplicationQuery());
  const apply = useMutation({
    mutationFn: (values: Values) =>
      applyAsTeacher({
        title: values.title?.trim() ?? '',
        bio: values.bio?.trim() ?? '',
        subjects: values.subjects ?? [],
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: TEACHER_FORM_KEY }),
    onError: showError,
  });

  if (mine.isError && !mine.data) return <LoadFailed error={mine.error} onRetry={() => mine.refetch()} />;
  if (!mine.data) {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  const { application, limits } = mine.data;
  const canApply = !application || (application.status === 'rejected' && !application.blacklisted);
  return (
    <div data-testid="teacher-tab">
      {application && (
        <Descriptions column={1} bordered size="small" title={t('teacher_application')} style={{ marginBottom: 24 }}>
          <Descriptions.Item label={t('teacher_status')}>
            <Tag color={STATUS_COLOR[application.status]} data-testid="teacher-status">
              {t(`teacher_status_${application.status}`)}
            </Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('teacher_title')}>{application.title || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('teacher_subjects')}>{application.subjects.join(', ') || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('teacher_bio')}>{application.bio || '—'}</Descriptions.Item>
          {application.reject_reason && (
            <Descriptions.Item label={t('teacher_reject_reason')}>{application.reject_reason}</Descriptions.Item>
          )}
        </Descriptions>
      )}
      {application?.blacklisted && <Alert type="warning" showIcon title={t('teacher_blacklisted')} />}
      {canApply && (
        <Form<Values>
          form={form}
          layout="vertical"
          style={{ maxWidth: 520 }}
          initialValues={{ title: application?.title, bio: application?.bio, subjects: application?.subjects ?? [] }}
          onFinish={(values) => apply.mutate(values)}
        >
          <Form.Item name="title" label={t('teacher_title')}>
            <Input maxLength={limits.title} data-testid="teacher-title" />
          </Form.Item>
          <Form.Item
            name="subjects"
            label={t('teacher_subjects')}
            extra={t('teacher_subjects_hint', { max: limits.subjects })}
          >
            <Select mode="tags" maxCount={limits.subjects} open={false} data-testid="teacher-subjects" />
          </Form.Item>
          <Form.Item name="bio" label={t('teacher_bio')}>
            <Input.TextArea rows={4} maxLength={limits.bio} showCount data-testid="teacher-bio" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={apply.isPending} data-testid="teacher-apply">
            {application ? t('teacher_apply_again') : t('teacher_apply')}
          </Button>
        </Form>
      )}
    </div>
  );
}
