import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { ExportTab } from '../packs/index.ts';
import { ProjectDataBrowser } from '../project-data/index.ts';
import { InfoTab } from './detail/InfoTab.tsx';
import { PerformanceTab } from './detail/PerformanceTab.tsx';
import { RecordsTab } from './detail/RecordsTab.tsx';
import { BatchesTab, PersonnelTab, ProcedureTab } from './detail/SetupTabs.tsx';
import { ProjectActions, ProjectStatusTag } from './project-actions.tsx';
import { detailPath, LIST_PATH, projectDetailQuery, wizardPath } from './queries.ts';

const TABS = ['info', 'data', 'batches', 'procedure', 'personnel', 'performance', 'export', 'records'] as const;
type Tab = (typeof TABS)[number];

function BackLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('projects');
  return compact ? (
    <Tooltip title={t('back_to_list')}>
      <Link to={LIST_PATH} aria-label={t('back_to_list')} data-testid="project-back">
        <ArrowLeftOutlined />
      </Link>
    </Tooltip>
  ) : (
    <Link to={LIST_PATH} data-testid="project-back">
      <ArrowLeftOutlined /> {t('back_to_list')}
    </Link>
  );
}

/** `/production/project-detail/{id}/{tab}`: one project in tabs, with its lifecycle buttons. */
export function ProjectDetailPage() {
  const { t } = useTranslation(['projects', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const id = params.id && /^\d{1,15}$/.test(params.id) && Number(params.id) > 0 ? Number(params.id) : null;
  const tab: Tab = TABS.find((x) => x === params.tab) ?? 'info';
  const project = useQuery({ ...projectDetailQuery(id ?? 0), enabled: id !== null });

  if (id === null || (project.error instanceof ApiError && project.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('not_found')} extra={<BackLink />} data-testid="project-not-found" />
      </Card>
    );
  }
  if (project.isError && !project.data) return <LoadFailed error={project.error} onRetry={() => project.refetch()} />;
  if (!project.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = project.data;
  const settingUp = data.status === 'draft' || data.status === 'releasing';
  return (
    <Card
      title={
        <Space wrap>
          <BackLink compact />
          <span data-testid="project-title">{data.name}</span>
          <ProjectStatusTag status={data.status} />
        </Space>
      }
      extra={
        <Space size={0} wrap>
          {settingUp && (
            <Link to={wizardPath(data.id, data.wizard_step)}>
              <Button type="link" icon={<EditOutlined />} data-testid="project-setup">
                {t('continue_setup')}
              </Button>
            </Link>
          )}
          <ProjectActions
            project={data}
            actions={data.actions}
            onCopied={(copy) => navigate(wizardPath(copy.id, copy.wizard_step))}
          />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(detailPath(data.id, key), { replace: true })}
        destroyOnHidden
        items={[
          { key: 'info', label: t('tab_info'), children: <InfoTab project={data} /> },
          { key: 'data', label: t('tab_data'), children: <ProjectDataBrowser projectId={data.id} /> },
          { key: 'batches', label: t('tab_batches'), children: <BatchesTab project={data} /> },
          { key: 'procedure', label: t('tab_procedure'), children: <ProcedureTab project={data} /> },
          { key: 'personnel', label: t('tab_personnel'), children: <PersonnelTab project={data} /> },
          { key: 'performance', label: t('tab_performance'), children: <PerformanceTab projectId={data.id} /> },
          { key: 'export', label: t('tab_export'), children: <ExportTab projectId={data.id} /> },
          { key: 'records', label: t('tab_records'), children: <RecordsTab projectId={data.id} /> },
        ]}
      />
    </Card>
  );
}
