import { ReloadOutlined } from '@ant-design/icons';
import type { TQuestionCategoryNode } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Popconfirm, Space, Table, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreateButton, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { CategoryFormModal, type CategoryFormTarget } from './CategoryFormModal.tsx';
import { categoryTreeQuery, deleteCategory, useQuestionBankChanged } from './queries.ts';
import { ReviewTag } from './question-format.tsx';
import './question-bank.css';
import { showError } from '../../shared/query-client.ts';

type Row = Omit<TQuestionCategoryNode, 'children'> & { children?: Row[] };

/** The tree as table rows: leaves without `children` (no expander), filtered by name keeping the ancestors. */
function rowsOf(nodes: readonly TQuestionCategoryNode[], keyword: string): Row[] {
  const rows: Row[] = [];
  for (const node of nodes) {
    const children = rowsOf(node.children, keyword);
    const matches = !keyword || node.name.toLowerCase().includes(keyword);
    if (!matches && children.length === 0) continue;
    const { children: _, ...own } = node;
    rows.push(children.length ? { ...own, children } : own);
  }
  return rows;
}

function allKeys(rows: Row[]): number[] {
  return rows.flatMap((row) => [row.id, ...allKeys(row.children ?? [])]);
}

export const categoryDetailPath = (id: number, tab = 'questions') => `/dataset/category-detail/${tab}/${id}`;

/**
 * `/dataset/category`: the organisation's category tree with question counts and review status; add (at the root or
 * under a category), edit (name, parent, description, order), delete an empty category after a confirmation.
 */
export function CategoryPage() {
  const { t } = useTranslation(['question-bank', 'common']);
  const { message } = App.useApp();
  const changed = useQuestionBankChanged();
  const [keyword, setKeyword] = useState('');
  const [form, setForm] = useState<{ seq: number; target: CategoryFormTarget } | null>(null);
  const [collapsed, setCollapsed] = useState<number[] | null>(null);
  const tree = useQuery(categoryTreeQuery(false));
  const rows = useMemo(() => rowsOf(tree.data?.list ?? [], keyword.toLowerCase()), [tree.data, keyword]);
  const expanded = collapsed ?? allKeys(rows);

  const remove = useMutation({
    mutationFn: deleteCategory,
    onSuccess: async (_, id) => {
      void message.success(t('deleted'));
      await changed({ kind: 'category', id });
    },
    onError: (error) => showError(error),
  });

  if (tree.isError && !tree.data) return <LoadFailed error={tree.error} onRetry={() => tree.refetch()} />;

  return (
    <Card>
      <div className="qb-toolbar">
        <SearchInput
          placeholder={t('category_search')}
          onSearch={(value) => {
            setKeyword(value ?? '');
            setCollapsed(null);
          }}
          testId="qb-category-search"
        />
        <div className="qb-toolbar-end">
          <Button icon={<ReloadOutlined />} onClick={() => tree.refetch()}>
            {t('refresh')}
          </Button>
          <CreateButton
            label={t('category_create')}
            onClick={() => setForm((f) => ({ seq: (f?.seq ?? 0) + 1, target: { parentId: null } }))}
            testId="qb-category-create"
          />
        </div>
      </div>
      <Table<Row>
        rowKey="id"
        loading={tree.isFetching}
        dataSource={rows}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setCollapsed(keys as number[]) }}
        locale={{ emptyText: tree.isLoading ? t('common:loading') : t('category_empty') }}
        data-testid="qb-category-table"
        columns={[
          {
            title: t('category_name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={categoryDetailPath(row.id)} data-testid={`qb-category-open-${row.id}`}>
                {name}
              </Link>
            ),
          },
          {
            title: t('category_description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (text: string) => text || '—',
          },
          {
            title: t('review_status'),
            dataIndex: 'review_status',
            width: 110,
            render: (_: unknown, row) => <ReviewTag status={row.review_status} />,
          },
          {
            title: (
              <Tooltip title={t('question_count_help')}>
                <span>{t('question_count')}</span>
              </Tooltip>
            ),
            width: 150,
            render: (_: unknown, row) => (
              <Typography.Text>
                {row.question_count}
                <Typography.Text type="secondary"> / {t('passed_count', { count: row.passed_count })}</Typography.Text>
              </Typography.Text>
            ),
          },
          { title: t('category_sort'), dataIndex: 'sort', width: 80 },
          {
            title: t('common:actions'),
            width: 240,
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setForm((f) => ({ seq: (f?.seq ?? 0) + 1, target: { parentId: row.id } }))}
                  data-testid={`qb-category-add-child-${row.id}`}
                >
                  {t('category_add_child')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setForm((f) => ({ seq: (f?.seq ?? 0) + 1, target: { category: row } }))}
                  data-testid={`qb-category-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('category_delete_confirm', { name: row.name })}
                  description={row.children?.length || row.question_count ? t('category_delete_not_empty') : undefined}
                  onConfirm={() => remove.mutateAsync(row.id)}
                  okText={t('delete')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true }}
                >
                  <Button type="link" size="small" danger data-testid={`qb-category-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {form && (
        <CategoryFormModal
          key={form.seq}
          target={form.target}
          onClose={() => setForm(null)}
          onSaved={() => {
            setForm(null);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
