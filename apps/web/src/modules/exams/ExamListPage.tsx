import type { TExamKind, TExamRow, TExamStatus } from '@app/contracts';
import { EXAM_STATUSES } from '@app/contracts/procedures/exams.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Segmented, Space, Table, Tabs, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import {
  ExamStatusTag,
  examDetailPath,
  examEditPath,
  examListPath,
  minutesText,
  paperAnalysisPath,
} from './exam-teacher-shared.tsx';
import { actOnExam, examsQuery, useExamsChanged } from './queries.ts';

type Action = 'publish' | 'close' | 'delete';

/**
 * `/trainingcamp/examlist/{tab}`: the organisation's exams by status (draft, published, closed) with a name search;
 * create and edit in the wizard, publish, close and delete after a confirmation, open the candidates or the analysis.
 * `?kind=homework` lists homework instead (kept apart from exams: docs/homework.md), with its due time.
 */
export function ExamListPage() {
  const { t } = useTranslation(['exams', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const params = useParams();
  const tab: TExamStatus = EXAM_STATUSES.includes(params.tab as TExamStatus) ? (params.tab as TExamStatus) : 'draft';
  const [search] = useSearchParams();
  const kind: TExamKind = search.get('kind') === 'homework' ? 'homework' : 'exam';
  const homework = kind === 'homework';
  const changed = useExamsChanged();
  const { filter, refilter, paging, setPaging, firstPage } = useListFilter<{ keyword?: string }>();

  const list = useQuery({
    ...examsQuery(tab, kind, filter, paging),
    placeholderData: keepPreviousData,
  });
  const action = useMutation({
    mutationFn: async ({ kind, id }: { kind: Action; id: number }): Promise<void> => {
      await actOnExam(kind, id);
    },
    onSuccess: async (_data, { kind }) => {
      void message.success(t(`${kind}_done`));
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const confirmed = (kind: Action, row: TExamRow, danger = false) => (
    <ConfirmLink
      title={t(`${kind}_confirm`, { name: row.name })}
      label={t(kind)}
      cancelText={t('common:cancel')}
      onConfirm={() => action.mutateAsync({ kind, id: row.id })}
      danger={danger}
      testId={`exam-${kind}-${row.id}`}
    />
  );
  const deletable = (row: TExamRow) => row.status === 'draft' || (row.status === 'closed' && row.attempt_count === 0);

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          firstPage();
          navigate(examListPath(key as TExamStatus, kind));
        }}
        items={EXAM_STATUSES.map((key) => ({ key, label: t(`tab_${key}`) }))}
      />
      <ListToolbar
        actions={
          <CreateButton
            label={t(homework ? 'create_homework' : 'create')}
            onClick={() => navigate(examEditPath(undefined, kind))}
            testId="exam-create"
          />
        }
      >
        <Segmented<TExamKind>
          value={kind}
          onChange={(next) => {
            firstPage();
            navigate(examListPath(tab, next));
          }}
          options={[
            { value: 'exam', label: t('kind_exams') },
            { value: 'homework', label: t('kind_homework') },
          ]}
          aria-label={t('kind')}
          data-testid="exam-kind-filter"
        />
        <SearchInput
          placeholder={t(homework ? 'search_placeholder_homework' : 'search_placeholder')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="exam-search"
        />
      </ListToolbar>
      <Table<TExamRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{
          emptyText: list.isLoading ? t('common:loading') : t(homework ? `empty_homework_${tab}` : `empty_${tab}`),
        }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1100 }}
        data-testid="exam-table"
        columns={[
          { title: t('name'), dataIndex: 'name', width: 150, ellipsis: true },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 80,
            render: (s: TExamStatus) => <ExamStatusTag status={s} />,
          },
          {
            title: t('paper_mode'),
            dataIndex: 'paper_mode',
            width: 80,
            render: (m: string) => t(`mode_${m}`),
          },
          { title: t('question_count'), dataIndex: 'question_count', width: 90 },
          {
            title: t('score_line'),
            width: 90,
            render: (_v, row) => `${row.pass_score} / ${row.total_score}`,
          },
          {
            title: t(homework ? 'homework_due_at' : 'duration'),
            width: 100,
            render: (_v, row) =>
              row.kind === 'homework' ? formatTime(row.due_at) : minutesText(row.duration_seconds, t),
          },
          {
            title: t('window'),
            width: 160,
            render: (_v, row) => (
              <Space orientation="vertical" size={0}>
                <span>{formatTime(row.window_start)}</span>
                <span>{formatTime(row.window_end)}</span>
              </Space>
            ),
          },
          { title: t('candidate_count'), dataIndex: 'candidate_count', width: 90 },
          { title: t('creator'), dataIndex: 'created_by_name', width: 90, render: (v: string | null) => v ?? '-' },
          {
            title: t('common:actions'),
            width: 170,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(examEditPath(row.id))}
                  data-testid={`exam-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                {row.status !== 'draft' && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => navigate(examDetailPath(row.id))}
                    data-testid={`exam-detail-${row.id}`}
                  >
                    {t('candidates')}
                  </Button>
                )}
                {row.status !== 'draft' && (
                  <Button type="link" size="small" onClick={() => navigate(paperAnalysisPath(row.id))}>
                    {t('analysis')}
                  </Button>
                )}
                {row.status === 'published' ? confirmed('close', row) : confirmed('publish', row)}
                {deletable(row) ? (
                  confirmed('delete', row, true)
                ) : (
                  <Tooltip title={t('delete_blocked')}>
                    <Button type="link" size="small" danger disabled>
                      {t('delete')}
                    </Button>
                  </Tooltip>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
