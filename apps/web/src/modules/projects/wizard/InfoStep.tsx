import type { TProjectDetail } from '@app/contracts';
import { PROJECT_LIMITS, ZProjectName } from '@app/contracts/procedures/projects.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Avatar, DatePicker, Divider, Form, Input, Select, Space, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../../shared/form-rules.ts';
import { showError } from '../../../shared/query-client.ts';
import { AttachmentUploader } from '../../project-data/index.ts';
import { categoryOptionsQuery, createProject, projectFormQuery, updateProject } from '../queries.ts';
import { StepFooter } from './StepFooter.tsx';

interface InfoValues {
  name: string;
  category_id: number | null;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  description: string;
  notes: string;
  leader_id: number | null;
}
const FIELDS = ['name', 'category_id', 'start_at', 'end_at', 'description', 'notes', 'leader_id'] as const;

const valuesOf = (project?: TProjectDetail): InfoValues => ({
  name: project?.name ?? '',
  category_id: project?.category_id ?? null,
  start_at: project ? dayjs(project.start_at) : null,
  end_at: project ? dayjs(project.end_at) : null,
  description: project?.description ?? '',
  notes: project?.notes ?? '',
  leader_id: project?.leader?.id ?? null,
});

/** Server refusals that belong to one field. */
const FIELD_OF_CODE: Record<string, (typeof FIELDS)[number]> = {
  project_end_before_start: 'end_at',
  project_name_taken: 'name',
  project_category_locked: 'category_id',
  category_not_found: 'category_id',
};

/** The wizard's first step: creates the draft, or changes its info when it exists. */
export function InfoStep({
  project,
  onNext,
  onDirty,
}: {
  project?: TProjectDetail;
  onNext: (detail: TProjectDetail) => void;
  onDirty: (dirty: boolean) => void;
}) {
  const { t } = useTranslation(['projects', 'common', 'validation']);
  const [form] = Form.useForm<InfoValues>();
  const categories = useQuery(categoryOptionsQuery());
  const options = useQuery(projectFormQuery());

  const save = useMutation({
    mutationFn: (values: InfoValues) => {
      const info = {
        name: values.name.trim(),
        category_id: values.category_id ?? 0,
        start_at: (values.start_at as Dayjs).toISOString(),
        end_at: (values.end_at as Dayjs).toISOString(),
        description: values.description.trim(),
        notes: values.notes.trim(),
        leader_id: values.leader_id ?? null,
      };
      return project ? updateProject({ id: project.id, ...info }) : createProject(info);
    },
    onSuccess: (detail) => onNext(detail),
    onError: (error) => {
      const onFields = fieldErrorsOf(error, FIELDS);
      const field = error instanceof ApiError ? FIELD_OF_CODE[error.code] : undefined;
      if (field) onFields.push({ name: field, errors: [error.message] });
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });

  const endRule: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, end: Dayjs | null) => {
      if (!end) throw new Error(t('end_required'));
      const start = getFieldValue('start_at') as Dayjs | null;
      if (start && !end.isAfter(start)) throw new Error(t('validation:end_before_start'));
    },
  });

  const categoryOptions = (categories.data?.list ?? []).map((c) => ({
    value: c.id,
    label: (
      <Space size={6}>
        {c.small_icon && <Avatar shape="square" size={18} src={c.small_icon} alt="" />}
        {c.name}
      </Space>
    ),
    search: c.name,
  }));

  return (
    <>
      <Form<InfoValues>
        form={form}
        layout="horizontal"
        labelCol={{ flex: '120px' }}
        wrapperCol={{ flex: 'auto' }}
        style={{ maxWidth: 760 }}
        initialValues={valuesOf(project)}
        onValuesChange={() => onDirty(true)}
        onFinish={(values) => save.mutate(values)}
        data-testid="project-info-form"
      >
        <Form.Item name="name" label={t('name')} required rules={[zodRule(ZProjectName, t, t('name_rule'))]}>
          <Input maxLength={PROJECT_LIMITS.nameMax} showCount data-testid="project-form-name" />
        </Form.Item>
        <Form.Item
          name="category_id"
          label={t('category')}
          rules={[{ required: true, message: t('category_required') }]}
          extra={project && (project.template_id || project.step_count) ? t('category_locked_hint') : undefined}
        >
          <Select
            showSearch={{ optionFilterProp: 'search' }}
            loading={categories.isLoading}
            options={categoryOptions}
            placeholder={t('category_placeholder')}
            notFoundContent={categories.isLoading ? t('common:loading') : t('no_categories')}
            data-testid="project-form-category"
          />
        </Form.Item>
        <Form.Item label={t('window')} required style={{ marginBottom: 0 }}>
          <Space wrap align="start">
            <Form.Item name="start_at" rules={[{ required: true, message: t('start_required') }]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('start_at')}
                data-testid="project-form-start"
              />
            </Form.Item>
            <Form.Item name="end_at" dependencies={['start_at']} rules={[endRule]}>
              <DatePicker
                showTime={{ format: 'HH:mm' }}
                format="YYYY-MM-DD HH:mm"
                placeholder={t('end_at')}
                data-testid="project-form-end"
              />
            </Form.Item>
          </Space>
        </Form.Item>
        <Form.Item name="leader_id" label={t('leader')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            loading={options.isLoading}
            placeholder={t('leader_placeholder')}
            options={(options.data?.leaders ?? []).map((p) => ({
              value: p.id,
              label: `${p.nickname} (${p.username})`,
            }))}
            data-testid="project-form-leader"
          />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('description')}
          rules={[{ max: PROJECT_LIMITS.text, message: t('validation:too_long') }]}
        >
          <Input.TextArea rows={3} maxLength={PROJECT_LIMITS.text} showCount data-testid="project-form-description" />
        </Form.Item>
        <Form.Item
          name="notes"
          label={t('notes')}
          rules={[{ max: PROJECT_LIMITS.text, message: t('validation:too_long') }]}
        >
          <Input.TextArea rows={2} maxLength={PROJECT_LIMITS.text} showCount data-testid="project-form-notes" />
        </Form.Item>
      </Form>
      <Divider titlePlacement="start">{t('attachments')}</Divider>
      {project ? (
        <AttachmentUploader projectId={project.id} step="info" />
      ) : (
        <Typography.Text type="secondary">{t('attachments_after_save')}</Typography.Text>
      )}
      <StepFooter onNext={() => form.submit()} loading={save.isPending} nextLabel={t('save_and_next')} />
    </>
  );
}
