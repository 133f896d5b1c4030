import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TQuestionCategoryRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { categoryDetailPath } from './CategoryPage.tsx';
import { QB_KEY, useQuestionBankChanged } from './question-queries.ts';
import { ReasonModal } from './ReasonModal.tsx';
import './question-bank.css';

/**
 * `/dataset/category-verify`: categories waiting for review (made by teachers); pass the chosen ones, or fail them
 * with a reason the author sees.
 */
export function CategoryVerifyPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const changed = useQuestionBankChanged();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const [selected, setSelected] = useState<number[]>([]);
  const [failing, setFailing] = useState<number[] | null>(null);
  const list = useQuery({
    queryKey: [...QB_KEY, 'category-queue', keyword, paging],
    queryFn: ({ signal }) =>
      api('/dataset-category/list', { review_status: 'unreviewed', keyword, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const verify = useMutation({
    mutationFn: (input: { ids: number[]; status: 'passed' | 'failed'; reason?: string }) =>
      api('/dataset-category/verify', input),
    onSuccess: async (result, input) => {
      void message.success(
        t(input.status === 'passed' ? 'passed_count_done' : 'failed_count_done', { count: result.count }),
      );
      setSelected((s) => s.filter((id) => !input.ids.includes(id)));
      setFailing(null);
      await changed();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <div className="qb-toolbar">
        <Input.Search
          allowClear
          placeholder={t('category_search')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 260 }}
        />
        <div className="qb-toolbar-end">
          <Button
            icon={<CheckOutlined />}
            type="primary"
            disabled={selected.length === 0}
            loading={verify.isPending && verify.variables?.status === 'passed'}
            onClick={() => verify.mutate({ ids: selected, status: 'passed' })}
            data-testid="qb-category-pass-selected"
          >
            {t('pass_selected', { count: selected.length })}
          </Button>
          <Button
            icon={<CloseOutlined />}
            danger
            disabled={selected.length === 0}
            onClick={() => setFailing(selected)}
            data-testid="qb-category-fail-selected"
          >
            {t('fail_selected', { count: selected.length })}
          </Button>
        </div>
      </div>
      <Table<TQuestionCategoryRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as number[]) }}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('category_queue_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="qb-category-queue"
        columns={[
          {
            title: t('category_name'),
            dataIndex: 'path',
            render: (path: string, row) => <Link to={categoryDetailPath(row.id)}>{path || row.name}</Link>,
          },
          {
            title: t('category_description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (v: string) => v || '—',
          },
          { title: t('author'), dataIndex: 'created_by_name', width: 120, render: (v: string | null) => v ?? '—' },
          { title: t('created_at'), dataIndex: 'created_at', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 160,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => verify.mutate({ ids: [row.id], status: 'passed' })}
                  data-testid={`qb-category-pass-${row.id}`}
                >
                  {t('pass')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => setFailing([row.id])}
                  data-testid={`qb-category-fail-${row.id}`}
                >
                  {t('fail')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {failing && (
        <ReasonModal
          count={failing.length}
          pending={verify.isPending}
          onCancel={() => setFailing(null)}
          onFail={(reason) => verify.mutate({ ids: failing, status: 'failed', reason })}
        />
      )}
    </Card>
  );
}
