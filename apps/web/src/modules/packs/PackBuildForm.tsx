import type { TPackFormat } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Empty, Form, Select, Skeleton } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { buildPack, PACKS_KEY, packOptionsQuery } from './queries.ts';

interface Values {
  step_id?: number;
  batch_ids: number[];
  format?: TPackFormat;
  include_media: boolean;
}

/** Step, batches, format and media of a new pack; only the formats the chosen step's template fits are offered. */
export function PackBuildForm({ projectId }: { projectId: number }) {
  const { t } = useTranslation(['packs', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const options = useQuery(packOptionsQuery(projectId));
  const stepId = Form.useWatch('step_id', form);
  const step = options.data?.steps.find((s) => s.id === stepId);
  useEffect(() => {
    const first = options.data?.steps[0];
    if (first && form.getFieldValue('step_id') === undefined) {
      form.setFieldsValue({ step_id: first.id, format: first.formats[0] });
    }
  }, [options.data, form]);
  const build = useMutation({
    mutationFn: (values: Values) =>
      buildPack({
        project_id: projectId,
        step_id: values.step_id!,
        batch_ids: values.batch_ids,
        format: values.format!,
        include_media: values.include_media,
      }),
    onSuccess: async () => {
      message.success(t('built'));
      await queryClient.invalidateQueries({ queryKey: PACKS_KEY });
    },
    onError: (error) => showError(error),
  });

  if (options.isError && !options.data) return <LoadFailed error={options.error} onRetry={() => options.refetch()} />;
  if (!options.data) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (options.data.steps.length === 0) return <Empty description={t('no_steps')} data-testid="pack-no-steps" />;
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ batch_ids: [], include_media: false }}
      onFinish={(values) => build.mutate(values)}
      style={{ rowGap: 12, marginBottom: 16 }}
      data-testid="pack-build-form"
    >
      <Form.Item name="step_id" label={t('step')} rules={[{ required: true, message: t('required') }]}>
        <Select
          style={{ width: 180 }}
          data-testid="pack-step"
          options={options.data.steps.map((s) => ({
            value: s.id,
            label: t('step_option', { name: s.name, passed: s.passed }),
          }))}
          onChange={(id: number) => {
            const chosen = options.data?.steps.find((s) => s.id === id);
            form.setFieldValue('format', chosen?.formats[0]);
          }}
        />
      </Form.Item>
      <Form.Item name="batch_ids" label={t('batches')}>
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('all_batches')}
          data-testid="pack-batches"
          options={options.data.batches.map((b) => ({ value: b.id, label: b.name }))}
        />
      </Form.Item>
      <Form.Item name="format" label={t('format')} rules={[{ required: true, message: t('required') }]}>
        <Select
          style={{ width: 200 }}
          data-testid="pack-format"
          options={(step?.formats ?? []).map((f) => ({ value: f, label: t(`format_${f}`) }))}
        />
      </Form.Item>
      <Form.Item name="include_media" valuePropName="checked">
        <Checkbox data-testid="pack-include-media">{t('include_media')}</Checkbox>
      </Form.Item>
      <Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={build.isPending}
          disabled={!step || step.formats.length === 0}
          data-testid="pack-build"
        >
          {t('build')}
        </Button>
      </Form.Item>
    </Form>
  );
}
