import { PlusOutlined } from '@ant-design/icons';
import type { TProjectRow, TProjectStatus } from '@app/contracts';
import { PROJECT_STATUSES, WIZARD_STEPS } from '@app/contracts/procedures/projects.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Empty, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { CountList } from '../../shared/CountList.tsx';
import { formatDay, formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { actionsOf, ProjectActions, ProjectStatusTag } from './project-actions.tsx';
import { categoryOptionsQuery, detailPath, projectListQuery, wizardPath } from './queries.ts';

interface Filter {
  keyword?: string;
  status?: TProjectStatus;
  category_id?: number;
}

/** `/production/project`: the organisation's projects; the status `deleted` is the recycle bin. */
export function ProjectListPage() {
  const { t } = useTranslation(['projects', 'common']);
  const navigate = useNavigate();
  const { filter, refilter, paging, setPaging } = useListFilter<Filter>();
  const categories = useQuery(categoryOptionsQuery());
  const projects = useQuery({
    ...projectListQuery(filter, paging),
    placeholderData: keepPreviousData,
  });

  if (projects.isError && !projects.data) {
    return <LoadFailed error={projects.error} onRetry={() => projects.refetch()} />;
  }
  const filtered = Boolean(filter.keyword || filter.status || filter.category_id);

  return (
    <Card>
      <ListToolbar
        actions={
          <Link to={wizardPath()}>
            <Button type="primary" icon={<PlusOutlined />} data-testid="project-create">
              {t('create')}
            </Button>
          </Link>
        }
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="project-search"
        />
        <Select
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 160 }}
          onChange={(status?: TProjectStatus) => refilter({ status })}
          options={PROJECT_STATUSES.map((s) => ({
            value: s,
            label: s === 'deleted' ? t('recycle_bin') : t(`status_${s}`),
          }))}
          data-testid="project-status-filter"
        />
        <Select
          allowClear
          placeholder={t('category')}
          aria-label={t('category')}
          style={{ width: 180 }}
          loading={categories.isLoading}
          onChange={(category_id?: number) => refilter({ category_id })}
          options={(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
          data-testid="project-category-filter"
        />
      </ListToolbar>
      <Table<TProjectRow>
        rowKey="id"
        loading={projects.isFetching}
        dataSource={projects.data?.list}
        scroll={{ x: 1070 }}
        locale={{
          emptyText: projects.isLoading ? (
            t('common:loading')
          ) : (
            <Empty description={filtered ? t('empty_filtered') : t('empty')}>
              {!filtered && (
                <Button type="primary" onClick={() => navigate(wizardPath())}>
                  {t('create')}
                </Button>
              )}
            </Empty>
          ),
        }}
        data-testid="project-table"
        pagination={serverPagination(t, paging, projects.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('id'), dataIndex: 'id', width: 60 },
          {
            title: t('name'),
            dataIndex: 'name',
            width: 150,
            render: (name: string, row) =>
              row.status === 'draft' ? (
                <div>
                  <Link to={wizardPath(row.id, row.wizard_step)}>{name}</Link>
                  <div>
                    <Typography.Text type="secondary">
                      {t('draft_at_step', { step: t(`step_${WIZARD_STEPS[row.wizard_step] ?? 'info'}`) })}
                    </Typography.Text>
                  </div>
                </div>
              ) : (
                <Link to={detailPath(row.id)} data-testid={`project-link-${row.id}`}>
                  {name}
                </Link>
              ),
          },
          { title: t('category'), dataIndex: 'category_name', width: 100 },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (status: TProjectStatus) => <ProjectStatusTag status={status} />,
          },
          {
            title: t('project_size'),
            key: 'size',
            width: 150,
            render: (_, row) => (
              <CountList
                items={(['batch_count', 'item_count', 'participant_count'] as const).map((key) => ({
                  key,
                  label: t(key),
                  value: row[key],
                }))}
              />
            ),
          },
          {
            title: t('window'),
            key: 'window',
            width: 160,
            render: (_, row) => (
              <div>
                <div>{formatTime(row.start_at)}</div>
                <div>~ {formatTime(row.end_at)}</div>
              </div>
            ),
          },
          { title: t('leader'), dataIndex: ['leader', 'nickname'], width: 90, render: (v?: string) => v ?? '—' },
          { title: t('created_at'), dataIndex: 'created_at', width: 100, render: formatDay },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 170,
            render: (_, row) => (
              <Space size={0} wrap>
                {row.status === 'draft' ? (
                  <Link to={wizardPath(row.id, row.wizard_step)}>
                    <Button type="link" size="small" data-testid={`project-continue-${row.id}`}>
                      {t('continue_setup')}
                    </Button>
                  </Link>
                ) : (
                  <Link to={detailPath(row.id)}>
                    <Button type="link" size="small" data-testid={`project-detail-${row.id}`}>
                      {t('detail')}
                    </Button>
                  </Link>
                )}
                <ProjectActions project={row} actions={actionsOf(row.status)} size="small" />
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
