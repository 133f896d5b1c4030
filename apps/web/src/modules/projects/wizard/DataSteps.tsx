import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Descriptions, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../shared/format.ts';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { DataUploadStep } from '../../project-data/index.ts';
import { confirmProjectData, dataSummaryQuery, projectKey, setupKey } from '../queries.ts';
import { StepFooter } from './StepFooter.tsx';
import { TemplateLabels } from './TemplateLabels.tsx';
import type { StepProps } from './wizard-types.ts';

/** The wizard's data step: the uploader of the data module (locked once the batches are confirmed). */
export function DataStep({ project, onNext, onBack }: StepProps) {
  const { t } = useTranslation('projects');
  const queryClient = useQueryClient();
  const summary = useQuery(dataSummaryQuery(project.id));
  const count = summary.data?.item_count ?? project.item_count;
  return (
    <>
      <DataUploadStep
        projectId={project.id}
        locked={Boolean(project.batches_confirmed_at)}
        onChanged={() => {
          void queryClient.invalidateQueries({ queryKey: setupKey(project.id, 'data') });
          void queryClient.invalidateQueries({ queryKey: projectKey(project.id) });
        }}
      />
      <StepFooter
        onBack={onBack}
        onNext={() => onNext()}
        disabled={count === 0}
        extra={count === 0 && <span className="ant-form-item-explain-error">{t('data_needed')}</span>}
      />
    </>
  );
}

/** The wizard's confirm step: what was uploaded (count, size, source), then `/project/confirm-data`. */
export function ConfirmStep({ project, onNext, onBack }: StepProps) {
  const { t } = useTranslation('projects');
  const summary = useQuery(dataSummaryQuery(project.id));
  const confirm = useMutation({
    mutationFn: () => confirmProjectData(project.id),
    onSuccess: (detail) => onNext(detail),
    // Shown above the summary instead of a toast.
    onError: () => undefined,
  });
  if (summary.isError && !summary.data) return <LoadFailed error={summary.error} onRetry={() => summary.refetch()} />;
  // Editors start from what the server holds now, not from an older cached answer.
  if (!summary.data || (summary.isFetching && !summary.isFetchedAfterMount)) return <Skeleton active />;
  const data = summary.data;
  return (
    <>
      {confirm.error && <Alert type="error" showIcon title={confirm.error.message} style={{ marginBottom: 16 }} />}
      <Descriptions column={1} bordered size="small" style={{ maxWidth: 600 }} data-testid="data-summary">
        <Descriptions.Item label={t('item_count')}>
          <span data-testid="data-summary-count">{data.item_count}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('total_size')}>{formatBytes(data.total_bytes)}</Descriptions.Item>
        <Descriptions.Item label={t('data_source')}>
          {data.data_source ? t(`data_source_${data.data_source}`) : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('template_media')}>
          {data.media ? data.media.map((kind) => t(`project-data:kind_${kind}`)).join(' / ') : t('media_any')}
        </Descriptions.Item>
      </Descriptions>
      {project.template_id !== null && (
        <div style={{ marginTop: 16, maxWidth: 600 }}>
          <TemplateLabels templateId={project.template_id} />
        </div>
      )}
      {data.item_count === 0 && <Alert type="warning" showIcon title={t('data_needed')} style={{ marginTop: 16 }} />}
      <StepFooter
        onBack={onBack}
        onNext={() => (project.batches_confirmed_at ? onNext() : confirm.mutate())}
        loading={confirm.isPending}
        disabled={data.item_count === 0}
        nextLabel={t('confirm_data')}
      />
    </>
  );
}
