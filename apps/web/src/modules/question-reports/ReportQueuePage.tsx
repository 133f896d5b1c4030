import type { TQuestionReportKind, TQuestionReportRow, TQuestionReportStatus } from '@app/contracts';
import { QUESTION_REPORT_STATUSES } from '@app/contracts/question-report-rules.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Segmented, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { questionEditLink, reportsQuery, STATUS_COLOR } from './queries.ts';
import { ReportDetailDrawer } from './ReportDetailDrawer.tsx';
import { useReportDecision } from './use-report-decision.tsx';

type StatusFilter = TQuestionReportStatus | 'all';

/**
 * A queue of learners' reports of one kind, pending first: search, filter by status, open the detail (the question
 * as learners see it), accept or decline with a reply, and jump to the question's editor.
 */
function ReportQueue({ kind }: { kind: TQuestionReportKind }) {
  const { t } = useTranslation(['question-reports', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ status: StatusFilter; keyword?: string }>({
    status: 'pending',
  });
  const { status, keyword } = filter;
  const [detailId, setDetailId] = useState<number>();
  const { start, modalNode } = useReportDecision();

  const list = useQuery({
    ...reportsQuery(kind, status, keyword, paging),
    placeholderData: keepPreviousData,
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card title={t(kind === 'correction' ? 'corrections_title' : 'feedback_title')}>
      <ListToolbar>
        <Segmented<StatusFilter>
          value={status}
          options={[...QUESTION_REPORT_STATUSES, 'all' as const].map((value) => ({
            value,
            label: t(`status_${value}`),
          }))}
          onChange={(value) => refilter({ status: value })}
          data-testid="report-status-filter"
        />
        <SearchInput
          placeholder={t('search_placeholder')}
          width={280}
          onSearch={(value) => refilter({ keyword: value })}
          testId="report-search"
        />
      </ListToolbar>
      <Table<TQuestionReportRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t(`empty_${kind}`) }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 960 }}
        data-testid="report-table"
        columns={[
          {
            title: t('content'),
            dataIndex: 'content',
            render: (value: string) => (
              <Typography.Paragraph ellipsis={{ rows: 2, tooltip: value }} style={{ margin: 0 }}>
                {value}
              </Typography.Paragraph>
            ),
          },
          {
            title: t('question'),
            dataIndex: 'question_stem_text',
            width: 240,
            render: (value: string | null, row) =>
              row.question_id === null ? (
                <Typography.Text type="secondary">{t('no_question')}</Typography.Text>
              ) : value === null ? (
                <Typography.Text type="secondary">{t('question_gone')}</Typography.Text>
              ) : (
                <Typography.Text ellipsis={{ tooltip: value }} style={{ maxWidth: 224 }}>
                  {value}
                </Typography.Text>
              ),
          },
          { title: t('reporter'), dataIndex: 'user_name', width: 110, render: (v: string | null) => v ?? '—' },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (value: TQuestionReportStatus) => <Tag color={STATUS_COLOR[value]}>{t(`status_${value}`)}</Tag>,
          },
          {
            title: t('reply'),
            dataIndex: 'reply',
            width: 180,
            ellipsis: true,
            render: (value: string, row) => (row.status === 'pending' ? '—' : value || t('no_reply')),
          },
          { title: t('created_at'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 240,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setDetailId(row.id)}
                  data-testid={`report-detail-${row.id}`}
                >
                  {t('detail')}
                </Button>
                {row.status === 'pending' && (
                  <>
                    <Button
                      type="link"
                      size="small"
                      onClick={() => start(row, 'accept')}
                      data-testid={`report-accept-${row.id}`}
                    >
                      {t('accept')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => start(row, 'decline')}
                      data-testid={`report-decline-${row.id}`}
                    >
                      {t('decline')}
                    </Button>
                  </>
                )}
                {row.question_id !== null && row.question_stem_text !== null && (
                  <Link to={questionEditLink(row.question_id)} style={{ padding: '0 7px' }}>
                    {t('edit_question')}
                  </Link>
                )}
              </Space>
            ),
          },
        ]}
      />
      {detailId !== undefined && <ReportDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />}
      {modalNode}
    </Card>
  );
}

/** `/dataset/datacorrection`: learners' corrections about questions. */
export function DataCorrectionPage() {
  return <ReportQueue kind="correction" />;
}

/** `/dataset/feedback`: learners' feedback, about a question or in general. */
export function FeedbackPage() {
  return <ReportQueue kind="feedback" />;
}
