import type { TMyTrainRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Progress, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { PRACTICE_KEY, type StartableSet, StartPracticeModal } from '../practice/index.ts';
import { leaveTrain, myTrainQuery } from './queries.ts';
import { trainDetailPath } from './train-detail-path.ts';

/** `/trainingcamp/mytrain`: the sets I joined, with my progress; start or continue, see the detail, or leave. */
export function MyTrainPage() {
  const { t } = useTranslation(['learner-home', 'practice', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [starting, setStarting] = useState<StartableSet>();
  const list = useQuery({
    ...myTrainQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const leave = useMutation({
    mutationFn: leaveTrain,
    onSuccess: async () => {
      void message.success(t('left_ok'));
      await queryClient.invalidateQueries({ queryKey: PRACTICE_KEY });
    },
    onError: (error) => showError(error),
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card title={t('mytrain_title')} extra={<Link to="/trainingcamp/train">{t('all_sets')}</Link>}>
      <ListToolbar>
        <SearchInput
          placeholder={t('practice:search_placeholder')}
          onSearch={(keyword) => refilter({ keyword })}
          testId="mytrain-search"
        />
      </ListToolbar>
      <ResponsiveTable<TMyTrainRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('practice:loading') : t('mytrain_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="mytrain-table"
        columns={[
          {
            title: t('practice:set_name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Space>
                <Link to={trainDetailPath(row.id)}>{name}</Link>
                {row.status === 'closed' ? <Tag>{t('closed')}</Tag> : null}
              </Space>
            ),
          },
          {
            title: t('progress_col'),
            width: 220,
            render: (_v, row) => (
              <Space direction="vertical" size={0} style={{ width: '100%' }}>
                <Progress
                  size="small"
                  aria-label={t('progress_col')}
                  percent={row.data_count ? Math.round((row.my_answered / row.data_count) * 100) : 0}
                />
                <span className="plain-list-note">
                  {t('practice:progress', {
                    answered: row.my_answered,
                    total: row.data_count,
                    correct: row.my_correct,
                  })}
                </span>
              </Space>
            ),
          },
          { title: t('session_count'), dataIndex: 'session_count', width: 100 },
          {
            title: t('last_practised_at'),
            dataIndex: 'last_practised_at',
            width: 170,
            render: (v: string | null) => formatTime(v),
          },
          {
            title: t('common:actions'),
            width: 200,
            phone: 'actions',
            render: (_v, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  disabled={row.status === 'closed'}
                  onClick={() => setStarting(row)}
                  data-testid={`mytrain-start-${row.id}`}
                >
                  {row.session_count ? t('practise_again') : t('practice:start')}
                </Button>
                <Popconfirm title={t('leave_confirm', { name: row.name })} onConfirm={() => leave.mutateAsync(row.id)}>
                  <Button type="link" size="small" danger data-testid={`mytrain-leave-${row.id}`}>
                    {t('leave')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <StartPracticeModal set={starting} onClose={() => setStarting(undefined)} />
    </Card>
  );
}
