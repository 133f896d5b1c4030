import { PlusOutlined } from '@ant-design/icons';
import type { TDifficulty, TQuestionFilter, TQuestionRow, TQuestionType, TReviewStatus } from '@app/contracts';
import { DIFFICULTIES, QUESTION_TYPES, REVIEW_STATUSES } from '@app/contracts/question-rules.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Popconfirm, Select, Space, Table, Tag, TreeSelect, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import {
  categoryOptions,
  categoryTreeQuery,
  deleteQuestions,
  questionListQuery,
  useQuestionBankChanged,
} from './queries.ts';
import { correctRate, DifficultyTag, ReviewTag, TypeTag } from './question-format.tsx';
import { useQuestionRoutes } from './question-routes.ts';

export interface QuestionFilterValues {
  category_id?: number;
  type?: TQuestionType;
  difficulty?: TDifficulty;
  review_status?: TReviewStatus;
  keyword?: string;
}

/**
 * The question list with its filters (category, type, difficulty, review status, keyword on the stem), server paging
 * and the row actions (open, edit, delete after a confirmation). `categoryId` fixes the category (category detail),
 * `mine` lists the caller's own questions with the failure reasons in view (a teacher's questions).
 * `toolbar` renders extra buttons for the current filter (export); `selection` makes rows selectable (a batch action
 * of the caller's). Questions of a private category show "private" instead of their review status.
 */
export function QuestionTable({
  categoryId,
  mine = false,
  initialStatus,
  toolbar,
  selection,
}: {
  categoryId?: number;
  mine?: boolean;
  initialStatus?: TReviewStatus;
  toolbar?: (filter: TQuestionFilter & { keyword?: string }) => ReactNode;
  selection?: { value: number[]; onChange: (ids: number[]) => void };
}) {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const routes = useQuestionRoutes();
  const navigate = useNavigate();
  const changed = useQuestionBankChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<QuestionFilterValues>({ review_status: initialStatus });
  const tree = useQuery({ ...categoryTreeQuery(false), enabled: categoryId === undefined });
  const query: TQuestionFilter & { keyword?: string } = {
    ...filter,
    ...(categoryId !== undefined ? { category_id: categoryId } : {}),
    ...(mine ? { mine: true } : {}),
  };
  const list = useQuery({
    ...questionListQuery(query, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteQuestions([id]),
    onSuccess: async (_, id) => {
      void message.success(t('deleted'));
      await changed({ kind: 'question', id });
    },
    onError: (error) => showError(error),
  });
  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <>
      <div className="qb-toolbar">
        {categoryId === undefined && (
          <TreeSelect<number>
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('filter_category')}
            aria-label={t('filter_category')}
            treeData={categoryOptions(tree.data?.list ?? [])}
            value={filter.category_id}
            onChange={(value) => refilter({ category_id: value ?? undefined })}
            style={{ width: 200 }}
            data-testid="qb-filter-category"
          />
        )}
        <Select<TQuestionType>
          allowClear
          placeholder={t('filter_type')}
          aria-label={t('filter_type')}
          value={filter.type}
          onChange={(value) => refilter({ type: value ?? undefined })}
          options={QUESTION_TYPES.map((type) => ({ value: type, label: t(`type_${type}`) }))}
          popupMatchSelectWidth={false}
          style={{ width: 150 }}
          data-testid="qb-filter-type"
        />
        <Select<TDifficulty>
          allowClear
          placeholder={t('filter_difficulty')}
          aria-label={t('filter_difficulty')}
          value={filter.difficulty}
          onChange={(value) => refilter({ difficulty: value ?? undefined })}
          options={DIFFICULTIES.map((d) => ({ value: d, label: t(`difficulty_${d}`) }))}
          style={{ width: 140 }}
          data-testid="qb-filter-difficulty"
        />
        <Select<TReviewStatus>
          allowClear
          placeholder={t('filter_status')}
          aria-label={t('filter_status')}
          value={filter.review_status}
          onChange={(value) => refilter({ review_status: value ?? undefined })}
          options={REVIEW_STATUSES.map((s) => ({ value: s, label: t(`status_${s}`) }))}
          style={{ width: 130 }}
          data-testid="qb-filter-status"
        />
        <SearchInput
          placeholder={t('filter_keyword')}
          width={220}
          onSearch={(keyword) => refilter({ keyword })}
          testId="qb-filter-keyword"
        />
        <div className="qb-toolbar-end">
          {toolbar?.(query)}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => navigate(routes.edit(undefined, categoryId))}
            data-testid="qb-question-create"
          >
            {t('question_create')}
          </Button>
        </div>
      </div>
      <Table<TQuestionRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('question_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1000 }}
        {...(selection
          ? {
              rowSelection: {
                selectedRowKeys: selection.value,
                onChange: (keys) => selection.onChange(keys.map(Number)),
                preserveSelectedRowKeys: true,
              },
            }
          : {})}
        data-testid="qb-question-table"
        columns={[
          {
            title: t('stem'),
            dataIndex: 'stem_text',
            ellipsis: true,
            render: (text: string, row) => (
              <Link to={routes.detail(row.id)} data-testid={`qb-question-open-${row.id}`}>
                {text || t('stem_image_only')}
              </Link>
            ),
          },
          ...(categoryId === undefined
            ? [{ title: t('category'), dataIndex: 'category_name', width: 140, ellipsis: true }]
            : []),
          { title: t('type'), dataIndex: 'type', width: 140, render: (type: TQuestionType) => <TypeTag type={type} /> },
          {
            title: t('difficulty'),
            dataIndex: 'difficulty',
            width: 80,
            render: (d: TDifficulty) => <DifficultyTag difficulty={d} />,
          },
          {
            title: t('review_status'),
            dataIndex: 'review_status',
            width: mine ? 180 : 100,
            render: (_: unknown, row) =>
              row.private ? (
                <Tag color="gold" data-testid={`qb-question-private-${row.id}`}>
                  {t('private_tag')}
                </Tag>
              ) : mine && row.review_status === 'failed' ? (
                <Space orientation="vertical" size={0}>
                  <ReviewTag status={row.review_status} />
                  <Typography.Text type="danger" data-testid={`qb-question-reason-${row.id}`}>
                    {t('failed_reason', { reason: row.review_reason })}
                  </Typography.Text>
                </Space>
              ) : (
                <ReviewTag status={row.review_status} reason={row.review_reason} />
              ),
          },
          {
            title: t('correct_rate'),
            width: 100,
            render: (_: unknown, row) => correctRate(row.answer_count, row.correct_count),
          },
          ...(mine
            ? []
            : [
                {
                  title: t('author'),
                  dataIndex: 'created_by_name',
                  width: 100,
                  render: (v: string | null) => v ?? '—',
                },
              ]),
          { title: t('updated_at'), dataIndex: 'updated_at', width: 150, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 150,
            fixed: 'right' as const,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(routes.edit(row.id))}
                  data-testid={`qb-question-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('question_delete_confirm', { id: row.id })}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  okText={t('delete')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`qb-question-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
    </>
  );
}
