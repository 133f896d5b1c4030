import type { TSubmission } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Button, Drawer, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import type { Paging } from '../../shared/list-paging.ts';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { loadSubmission, submissionsQuery } from './queries.ts';
import { StatusTag } from './ResultViews.tsx';
import { formatScore } from './result-format.ts';

type Row = Omit<TSubmission, 'code' | 'stdin' | 'result'>;

/** My runs and submits of this experiment, newest first; any of them can bring its code back into the editor. */
export function HistoryDrawer({
  experimentId,
  onClose,
  onLoad,
}: {
  experimentId: number;
  onClose: () => void;
  onLoad: (submission: TSubmission) => void;
}) {
  const { t } = useTranslation(['experiments', 'common']);
  const phone = useIsPhone();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const list = useQuery({ ...submissionsQuery(experimentId, paging), placeholderData: keepPreviousData });
  const load = useMutation({ mutationFn: loadSubmission, onSuccess: onLoad, onError: showError });

  return (
    <Drawer open width={phone ? '100%' : 640} title={t('history')} onClose={onClose} destroyOnHidden>
      <Table<Row>
        size="small"
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('history_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 520 }}
        data-testid="program-history"
        columns={[
          { title: t('submitted_at'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('kind'),
            dataIndex: 'kind',
            width: 80,
            render: (kind: Row['kind']) => (
              <Tag color={kind === 'submit' ? 'blue' : undefined}>{t(`kind_${kind}`)}</Tag>
            ),
          },
          { title: t('status'), dataIndex: 'status', width: 110, render: (s: string) => <StatusTag status={s} /> },
          {
            title: t('score'),
            dataIndex: 'score',
            width: 80,
            render: (score: number | null, row) =>
              row.kind === 'submit' && score !== null ? `${formatScore(score)} / ${formatScore(row.max_score)}` : '-',
          },
          {
            title: t('common:actions'),
            width: 100,
            render: (_: unknown, row) => (
              <Button
                type="link"
                size="small"
                loading={load.isPending && load.variables === row.id}
                onClick={() => load.mutate(row.id)}
                data-testid={`program-history-load-${row.id}`}
              >
                {t('load_code')}
              </Button>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
