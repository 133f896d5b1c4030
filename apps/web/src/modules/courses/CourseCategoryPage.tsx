import { ReloadOutlined } from '@ant-design/icons';
import type { TCourseCategoryNode } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Empty, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { CourseCategoryModal, type CourseCategoryTarget } from './CourseCategoryModal.tsx';
import { courseListPath, rowTestId } from './CourseShared.tsx';
import { courseCategoryTreeQuery, deleteCourseCategory, useCoursesChanged } from './queries.ts';

type Row = Omit<TCourseCategoryNode, 'children'> & { children?: Row[] };

/** The tree as table rows: leaves without `children` (no expander), filtered by name keeping the ancestors. */
function rowsOf(nodes: readonly TCourseCategoryNode[], keyword: string): Row[] {
  const rows: Row[] = [];
  for (const node of nodes) {
    const children = rowsOf(node.children, keyword);
    if (keyword && !node.name.toLowerCase().includes(keyword) && children.length === 0) continue;
    const { children: _, ...own } = node;
    rows.push(children.length ? { ...own, children } : own);
  }
  return rows;
}

const allKeys = (rows: readonly Row[]): number[] => rows.flatMap((row) => [row.id, ...allKeys(row.children ?? [])]);

/**
 * `/course/category`: the organisation's course categories as a tree with their courses counted; add one at the root
 * or under a category, rename, re-sort or move one, and delete one after a confirmation (the server refuses while it
 * holds sub-categories or courses: course_category_not_empty).
 */
export function CourseCategoryPage() {
  const { t } = useTranslation(['courses', 'common']);
  const { message, modal } = App.useApp();
  const changed = useCoursesChanged();
  const [keyword, setKeyword] = useState('');
  const [collapsed, setCollapsed] = useState<number[] | null>(null);
  const [editing, setEditing] = useState<{ seq: number; target: CourseCategoryTarget } | null>(null);
  const tree = useQuery(courseCategoryTreeQuery());
  const rows = useMemo(() => rowsOf(tree.data?.list ?? [], keyword.toLowerCase()), [tree.data, keyword]);
  const expanded = collapsed ?? allKeys(rows);
  const open = (target: CourseCategoryTarget) => setEditing((e) => ({ seq: (e?.seq ?? 0) + 1, target }));

  const remove = useMutation({
    mutationFn: deleteCourseCategory,
    onSuccess: async () => {
      void message.success(t('category_deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });

  const confirmDelete = (row: Row) =>
    modal.confirm({
      title: t('category_delete_confirm', { name: row.name }),
      content: t('category_delete_text'),
      okText: t('delete'),
      okType: 'danger',
      cancelText: t('common:cancel'),
      okButtonProps: { ...{ 'data-testid': 'course-confirm-ok' } },
      onOk: () => remove.mutateAsync(row.id).catch(() => undefined),
    });

  if (tree.isError && !tree.data) return <LoadFailed error={tree.error} onRetry={() => tree.refetch()} />;

  const empty = tree.isLoading ? (
    t('common:loading')
  ) : (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={keyword ? t('category_empty_filtered') : t('category_empty')}
    />
  );

  return (
    <Card
      title={t('category_title')}
      extra={<Link to={courseListPath()}>{t('back_to_list')}</Link>}
      data-testid="course-category-page"
    >
      <ListToolbar
        actions={
          <Space wrap>
            <Button icon={<ReloadOutlined />} onClick={() => tree.refetch()}>
              {t('refresh')}
            </Button>
            <CreateButton
              label={t('category_create')}
              onClick={() => open({ parentId: null })}
              testId="course-category-create"
            />
          </Space>
        }
      >
        <SearchInput
          placeholder={t('category_search')}
          onSearch={(value) => {
            setKeyword(value ?? '');
            setCollapsed(null);
          }}
          testId="course-category-search"
        />
      </ListToolbar>
      <Table<Row>
        rowKey="id"
        loading={tree.isFetching}
        dataSource={rows}
        pagination={false}
        expandable={{ expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setCollapsed(keys as number[]) }}
        locale={{ emptyText: empty }}
        onRow={(row) => rowTestId(`course-category-row-${row.id}`)}
        data-testid="course-category-table"
        columns={[
          { title: t('category_name'), dataIndex: 'name' },
          {
            title: t('category_course_count'),
            dataIndex: 'course_count',
            width: 150,
            render: (n: number) => <Typography.Text type={n ? undefined : 'secondary'}>{n}</Typography.Text>,
          },
          { title: t('category_sort'), dataIndex: 'sort', width: 90 },
          {
            title: t('common:actions'),
            width: 260,
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => open({ parentId: row.id })}
                  data-testid={`course-category-add-child-${row.id}`}
                >
                  {t('category_add_child')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => open({ category: findNode(tree.data?.list ?? [], row.id)! })}
                  data-testid={`course-category-edit-${row.id}`}
                >
                  {t('rename')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() => confirmDelete(row)}
                  data-testid={`course-category-delete-${row.id}`}
                >
                  {t('delete')}
                </Button>
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <CourseCategoryModal
          key={editing.seq}
          target={editing.target}
          tree={tree.data?.list ?? []}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void changed();
          }}
        />
      )}
    </Card>
  );
}

function findNode(nodes: readonly TCourseCategoryNode[], id: number): TCourseCategoryNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}
