import type { TMyExamItem } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Space, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { attemptPath, durationText, examPath, MyStateTag, preExamPath } from './exam-shared.tsx';
import { myExamsQuery } from './queries.ts';

const TABS = ['exam', 'done', 'all'] as const;
type Tab = (typeof TABS)[number];

/** My exams (`/trainingcamp/myexam/{tab}`): pending, finished or all published exams, with my state in each. */
export function MyExamPage() {
  const { t } = useTranslation(['exam-taking', 'common']);
  const params = useParams();
  const tab: Tab = TABS.includes(params.tab as Tab) ? (params.tab as Tab) : 'exam';
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { detail } = useSession();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({
    ...myExamsQuery(tab, paging),
    placeholderData: keepPreviousData,
  });

  /** Another organisation's exam shows a warning (switch organisation first); a joined exam starts directly, else the pre-exam page. */
  const open = (item: TMyExamItem) => {
    if (item.generate_site_id !== detail.user.site.id) {
      modal.warning({ title: t('shell:exam_other_site', { site: item.site.name }) });
      return;
    }
    if (item.open_attempt_id) navigate(attemptPath(item.id, item.open_attempt_id));
    else navigate(item.my_join_status === 1 ? examPath(item.id) : preExamPath(item.id));
  };
  /** An open attempt continues; a new one needs an attempt left and the window not ended (the server decides). */
  const canStart = (item: TMyExamItem) =>
    item.open_attempt_id !== null ||
    (item.attempts_used < item.attempts_allowed && new Date(item.window_end).getTime() > Date.now());

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          setPaging({ ...paging, page: 1 });
          navigate(`/trainingcamp/myexam/${key}`);
        }}
        items={TABS.map((key) => ({ key, label: t(`tab_${key}`) }))}
      />
      <ResponsiveTable<TMyExamItem>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t(`empty_${tab}`) }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="my-exam-table"
        columns={[
          {
            title: t('name'),
            render: (_v, item) => (
              <Space direction="vertical" size={0}>
                <span>{item.name}</span>
                <Typography.Text type="secondary">{item.site.name}</Typography.Text>
              </Space>
            ),
          },
          {
            title: t('window'),
            width: 200,
            render: (_v, item) => (
              <Space direction="vertical" size={0}>
                <span>{formatTime(item.window_start)}</span>
                <span>{formatTime(item.window_end)}</span>
              </Space>
            ),
          },
          { title: t('duration'), width: 100, render: (_v, item) => durationText(t, item.duration_seconds) },
          { title: t('question_count'), dataIndex: 'data_count', width: 90 },
          {
            title: t('attempts'),
            width: 100,
            render: (_v, item) => `${item.attempts_used} / ${item.attempts_allowed}`,
          },
          {
            title: t('score'),
            width: 110,
            render: (_v, item) => `${item.best_score ?? '—'} / ${item.total_score}`,
          },
          { title: t('my_state'), width: 110, render: (_v, item) => <MyStateTag state={item.my_state} t={t} /> },
          {
            title: t('common:actions'),
            width: 170,
            phone: 'actions',
            render: (_v, item) => (
              <Space size={0}>
                {canStart(item) ? (
                  <Button type="link" onClick={() => open(item)} data-testid={`my-exam-start-${item.id}`}>
                    {item.open_attempt_id ? t('continue') : t('start')}
                  </Button>
                ) : null}
                {item.attempts_used > 0 ? (
                  <Button
                    type="link"
                    onClick={() => navigate(`/trainingcamp/myexamRecord?exam=${item.id}`)}
                    data-testid={`my-exam-records-${item.id}`}
                  >
                    {t('result')}
                  </Button>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
