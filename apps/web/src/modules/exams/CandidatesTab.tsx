import type { TExamCandidate } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { AttemptEvidenceDrawer } from './AttemptEvidenceDrawer.tsx';
import { actOnAttempt, examCandidatesQuery, useExamsChanged } from './queries.ts';

const STATE_COLOR: Record<TExamCandidate['state'], string | undefined> = {
  not_started: undefined,
  in_progress: 'processing',
  submitted: 'blue',
  being_graded: 'orange',
  graded: 'green',
};

/** The candidates of an exam: state, score, times, who submitted, cheat flag; force submit, re-open, evidence. */
export function CandidatesTab({ examId }: { examId: number }) {
  const { t } = useTranslation(['exams', 'common']);
  const { message } = App.useApp();
  const changed = useExamsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const [evidence, setEvidence] = useState<TExamCandidate | null>(null);
  const list = useQuery({
    ...examCandidatesQuery(examId, filter, paging),
    placeholderData: keepPreviousData,
    refetchInterval: 30_000,
  });
  const action = useMutation({
    mutationFn: ({ kind, attemptId }: { kind: 'force-submit' | 'reopen'; attemptId: number }) =>
      actOnAttempt(kind, attemptId),
    onSuccess: async (_d, { kind }) => {
      void message.success(t(kind === 'reopen' ? 'reopen_done' : 'force_submit_done'));
      await changed();
    },
    onError: (error) => showError(error),
  });

  const result = (row: TExamCandidate) => {
    if (row.cheat) return <Tag color="red">{t('cheat_flag')}</Tag>;
    if (row.passed === null) return '-';
    return <Tag color={row.passed ? 'green' : undefined}>{t(row.passed ? 'result_passed' : 'result_failed')}</Tag>;
  };

  return (
    <>
      <ListToolbar>
        <SearchInput placeholder={t('candidate_search')} width={240} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<TExamCandidate>
        rowKey={(r) => (r.attempt_id ? `a${r.attempt_id}` : `u${r.user_id}`)}
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{
          emptyText: list.isError
            ? errorMessage(list.error)
            : list.isLoading
              ? t('common:loading')
              : t('no_candidates'),
        }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1300 }}
        data-testid="exam-candidates"
        columns={[
          { title: t('candidate'), width: 160, render: (_v, r) => `${r.nickname} (${r.username})` },
          { title: t('attempt_seq'), dataIndex: 'seq', width: 70, render: (v: number | null) => v ?? '-' },
          {
            title: t('state'),
            dataIndex: 'state',
            width: 100,
            render: (v: TExamCandidate['state']) => <Tag color={STATE_COLOR[v]}>{t(`state_${v}`)}</Tag>,
          },
          { title: t('score'), dataIndex: 'score', width: 80, render: (v: number | null) => v ?? '-' },
          { title: t('result'), width: 90, render: (_v, r) => result(r) },
          { title: t('started_at'), dataIndex: 'started_at', width: 150, render: (v: string | null) => formatTime(v) },
          {
            title: t('submitted_at'),
            dataIndex: 'submitted_at',
            width: 150,
            render: (v: string | null) => formatTime(v),
          },
          {
            title: t('submitted_by'),
            dataIndex: 'submitted_by',
            width: 120,
            render: (v: string | null) => (v ? t(`by_${v}`) : '-'),
          },
          {
            title: t('flags'),
            dataIndex: 'flag_count',
            width: 80,
            render: (v: number) => (v > 0 ? <Tag color="orange">{v}</Tag> : 0),
          },
          {
            title: t('common:actions'),
            width: 300,
            fixed: 'right',
            render: (_v, r) =>
              r.attempt_id === null ? null : (
                <Space size={0} wrap>
                  {r.state === 'in_progress' ? null : (
                    <Link to={`/trainingcamp/stuExamDetail?attempt_id=${r.attempt_id}`}>
                      <Button type="link" size="small" data-testid={`attempt-answers-${r.attempt_id}`}>
                        {t('answer_sheet')}
                      </Button>
                    </Link>
                  )}
                  <Button
                    type="link"
                    size="small"
                    onClick={() => setEvidence(r)}
                    data-testid={`attempt-evidence-${r.attempt_id}`}
                  >
                    {t('evidence')}
                  </Button>
                  {r.state === 'in_progress' ? (
                    <Popconfirm
                      title={t('force_submit_confirm', { name: r.nickname })}
                      onConfirm={() => action.mutateAsync({ kind: 'force-submit', attemptId: r.attempt_id! })}
                      okText={t('force_submit')}
                      cancelText={t('common:cancel')}
                    >
                      <Button type="link" size="small" data-testid={`attempt-force-submit-${r.attempt_id}`}>
                        {t('force_submit')}
                      </Button>
                    </Popconfirm>
                  ) : (
                    <Popconfirm
                      title={t('reopen_confirm', { name: r.nickname })}
                      description={t('reopen_help')}
                      onConfirm={() => action.mutateAsync({ kind: 'reopen', attemptId: r.attempt_id! })}
                      okText={t('reopen')}
                      cancelText={t('common:cancel')}
                    >
                      <Button type="link" size="small" data-testid={`attempt-reopen-${r.attempt_id}`}>
                        {t('reopen')}
                      </Button>
                    </Popconfirm>
                  )}
                </Space>
              ),
          },
        ]}
      />
      {evidence && <AttemptEvidenceDrawer candidate={evidence} onClose={() => setEvidence(null)} />}
    </>
  );
}
