import { DownloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Result, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, type ApiInput } from '../../shared/api.ts';
import { saveFile } from '../../shared/files.ts';
import { showError } from '../../shared/query-client.ts';
import { exportStats, statProjectsQuery } from './queries.ts';

export type StatScope = Omit<ApiInput<'/stat/export'>, 'kind'>;

/** Whether a failed call was refused for lack of permission (403-like empty state instead of an error). */
export const isForbidden = (error: unknown): boolean => error instanceof ApiError && error.code === 'forbidden';

export function ForbiddenState() {
  const { t } = useTranslation('job-stats');
  return (
    <Card>
      <Result status="403" title={t('forbidden_title')} subTitle={t('forbidden_text')} data-testid="stat-forbidden" />
    </Card>
  );
}

/** The organisation's projects to narrow the statistics to (all projects when none is chosen). */
export function ProjectSelect({ value, onChange }: { value?: number; onChange: (id: number | undefined) => void }) {
  const { t } = useTranslation('job-stats');
  const projects = useQuery({
    ...statProjectsQuery(),
    staleTime: 60_000,
    retry: false,
  });
  if (projects.isError) return null;
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ width: 220 }}
      placeholder={t('all_projects')}
      aria-label={t('project')}
      loading={projects.isLoading}
      value={value}
      onChange={(id?: number) => onChange(id)}
      options={projects.data?.list.map((p) => ({ value: p.id, label: p.name }))}
      data-testid="stat-project"
    />
  );
}

/** Exports the figures over the scope as xlsx (`/stat/export`) and saves the file. */
export function ExportButton({ scope, kind }: { scope: StatScope; kind: 'users' | 'daily' }) {
  const { t } = useTranslation('job-stats');
  const { message } = App.useApp();
  const run = useMutation({
    mutationFn: () => exportStats({ ...scope, kind }),
    onSuccess: (file) => {
      saveFile(file);
      void message.success(t('exported'));
    },
    onError: (error) => {
      showError(error);
    },
  });
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={run.isPending}
      onClick={() => run.mutate()}
      data-testid={`stat-export-${kind}`}
    >
      {run.isPending ? t('exporting') : t('export')}
    </Button>
  );
}
