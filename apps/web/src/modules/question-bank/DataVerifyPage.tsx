import type { TQuestionRow, TQuestionType } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Skeleton, Space, Table, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { QuestionView } from './QuestionView.tsx';
import {
  categoryOptions,
  categoryTreeQuery,
  questionDetailQuery,
  questionQueueQuery,
  verifyQuestions,
} from './queries.ts';
import { DifficultyTag, TypeTag } from './question-format.tsx';
import { MANAGER_ROUTES } from './question-routes.ts';
import { useReviewBatch } from './use-review-batch.tsx';
import './question-bank.css';

/** The whole question under its row, as a learner would see it, with its labels and knowledge nodes. */
function ExpandedQuestion({ id }: { id: number }) {
  const { t } = useTranslation('question-bank');
  const detail = useQuery(questionDetailQuery(id));
  if (detail.isError && !detail.data)
    return <Typography.Text type="danger">{errorMessage(detail.error)}</Typography.Text>;
  if (!detail.data) return <Skeleton active />;
  const q = detail.data;
  return (
    <div style={{ maxWidth: 860 }}>
      <QuestionView question={q} testId={`qb-verify-view-${id}`} />
      <Space wrap style={{ marginTop: 8 }}>
        <Typography.Text type="secondary">
          {t('category')}: {q.category_path || q.category_name}
        </Typography.Text>
        {q.source && (
          <Typography.Text type="secondary">
            {t('source')}: {q.source}
          </Typography.Text>
        )}
        {q.setter && (
          <Typography.Text type="secondary">
            {t('setter')}: {q.setter}
          </Typography.Text>
        )}
        {q.labels.length > 0 && (
          <Typography.Text type="secondary">
            {t('labels')}: {q.labels.map((l) => l.name).join(', ')}
          </Typography.Text>
        )}
        {q.nodes.length > 0 && (
          <Typography.Text type="secondary">
            {t('nodes')}: {q.nodes.map((n) => `${n.code} ${n.name}`).join(', ')}
          </Typography.Text>
        )}
      </Space>
    </div>
  );
}

/**
 * `/dataset/category-data-verify`: the review queue of unreviewed questions (the content manager's main screen).
 * Each row opens to show the whole question; pass the chosen ones at once, or fail them with a required reason
 * that the author sees next to the question.
 */
export function DataVerifyPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const [categoryId, setCategoryId] = useState<number>();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [expanded, setExpanded] = useState<number[]>([]);
  const tree = useQuery(categoryTreeQuery(false));
  const list = useQuery({
    ...questionQueueQuery(categoryId, filter, paging),
    placeholderData: keepPreviousData,
  });
  const review = useReviewBatch(verifyQuestions, 'qb-verify');

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <div className="qb-toolbar">
        <TreeSelect<number>
          allowClear
          showSearch
          treeNodeFilterProp="title"
          treeDefaultExpandAll
          placeholder={t('filter_category')}
          aria-label={t('filter_category')}
          treeData={categoryOptions(tree.data?.list ?? [])}
          value={categoryId}
          onChange={(value) => {
            setCategoryId(value ?? undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          style={{ width: 220 }}
          data-testid="qb-verify-category"
        />
        <SearchInput
          placeholder={t('filter_keyword')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="qb-verify-keyword"
        />
        <div className="qb-toolbar-end">{review.batchButtons}</div>
      </div>
      <Table<TQuestionRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        rowSelection={review.rowSelection}
        expandable={{
          expandedRowKeys: expanded,
          onExpandedRowsChange: (keys) => setExpanded(keys as number[]),
          expandedRowRender: (row) => <ExpandedQuestion id={row.id} />,
          expandRowByClick: false,
        }}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('question_queue_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 900 }}
        data-testid="qb-verify-table"
        columns={[
          {
            title: t('stem'),
            dataIndex: 'stem_text',
            ellipsis: true,
            render: (text: string, row) => (
              <Typography.Link
                onClick={() =>
                  setExpanded((keys) => (keys.includes(row.id) ? keys.filter((k) => k !== row.id) : [...keys, row.id]))
                }
                data-testid={`qb-verify-preview-${row.id}`}
              >
                {text || t('stem_image_only')}
              </Typography.Link>
            ),
          },
          { title: t('category'), dataIndex: 'category_name', width: 140, ellipsis: true },
          { title: t('type'), dataIndex: 'type', width: 140, render: (type: TQuestionType) => <TypeTag type={type} /> },
          {
            title: t('difficulty'),
            dataIndex: 'difficulty',
            width: 80,
            render: (_: unknown, row) => <DifficultyTag difficulty={row.difficulty} />,
          },
          { title: t('author'), dataIndex: 'created_by_name', width: 100, render: (v: string | null) => v ?? '—' },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 150, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 190,
            fixed: 'right' as const,
            render: (_: unknown, row) => (
              <Space size={0}>
                {review.rowButtons(row.id)}
                <Link to={MANAGER_ROUTES.detail(row.id)}>{t('open')}</Link>
              </Space>
            ),
          },
        ]}
      />
      {review.reasonModal}
    </Card>
  );
}
