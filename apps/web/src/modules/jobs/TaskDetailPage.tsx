import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Result, Skeleton, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { myTasksPath, parseId, taskDetailPath } from '../../shared/task-paths.ts';
import { JobRecordsTab } from './JobRecordsTab.tsx';
import { JobsTab } from './JobsTab.tsx';
import { taskDetailQuery } from './queries.ts';
import { TaskHeader } from './TaskHeader.tsx';
import { errorCode } from './task-format.tsx';
import { useClaimAndOpen } from './use-claim.ts';

/**
 * `/production/task/task-detail/:id/:tab/:subtab`: a task's header, and for those who may run the work
 * (`/work/list`, probed since the session carries no permission keys) its jobs and operation records.
 */
export function TaskDetailPage() {
  const { t } = useTranslation(['jobs', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const id = parseId(params.id);
  const tab = params.tab === 'records' ? 'records' : 'jobs';
  const subtab = params.subtab ?? 'all';
  const task = useQuery({ ...taskDetailQuery(id), enabled: id !== null, retry: false });
  const admin = useMayCall('/work/list');
  const claim = useClaimAndOpen();
  const back = (
    <Link to={myTasksPath()}>
      <Button type="text" icon={<ArrowLeftOutlined />} aria-label={t('back_to_tasks')} />
    </Link>
  );

  if (id === null || errorCode(task.error) === 'not_found') {
    return (
      <Card>
        <Result status="404" title={t('task_not_found')} extra={back} data-testid="task-not-found" />
      </Card>
    );
  }
  if (task.isError && !task.data) return <LoadFailed error={task.error} onRetry={() => task.refetch()} />;
  if (!task.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = task.data;
  return (
    <Card
      title={
        <Space wrap>
          {back}
          <span data-testid="task-title">{data.name}</span>
        </Space>
      }
      extra={
        data.status === 'released' && (
          <Button
            type="primary"
            loading={claim.isPending}
            onClick={() => claim.mutate({ taskId: data.id })}
            data-testid={`task-start-${data.id}`}
          >
            {t('start')}
          </Button>
        )
      }
    >
      <TaskHeader task={data} />
      {admin && (
        <Tabs
          activeKey={tab}
          onChange={(key) => navigate(taskDetailPath(data.id, key as 'jobs' | 'records'), { replace: true })}
          destroyOnHidden
          items={[
            {
              key: 'jobs',
              label: t('tab_jobs'),
              children: (
                <JobsTab
                  task={data}
                  status={subtab}
                  onStatus={(next) => navigate(taskDetailPath(data.id, 'jobs', next), { replace: true })}
                />
              ),
            },
            { key: 'records', label: t('tab_records'), children: <JobRecordsTab taskId={data.id} /> },
          ]}
        />
      )}
    </Card>
  );
}
