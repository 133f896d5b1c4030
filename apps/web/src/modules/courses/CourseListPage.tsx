import type { TCourseRow, TCourseStatus } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Space, Tabs, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { ResponsiveTable } from '../../shared/ResponsiveTable.tsx';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CourseFormModal } from './CourseFormModal.tsx';
import {
  COURSE_LIST_TABS,
  type CourseListTab,
  CourseRoleTag,
  CourseStatusTag,
  categoryTreeData,
  courseEditorPath,
  courseListPath,
  datesText,
  rowTestId,
} from './CourseShared.tsx';
import { CourseStateActions } from './CourseStateActions.tsx';
import { courseCategoryTreeQuery, coursesQuery } from './queries.ts';

/**
 * `/course/teacher-list/{tab}`: the courses the caller owns or co-teaches (a manager: every course of the
 * organisation) by status, searched by name and filtered by category (with the categories below it); create a course,
 * open it in the editor, copy it, and run it (online, offline, archive, delete, transfer) after a confirmation.
 */
export function CourseListPage() {
  const { t } = useTranslation(['courses', 'common']);
  const navigate = useNavigate();
  const params = useParams();
  const tab: CourseListTab = COURSE_LIST_TABS.includes(params.tab as CourseListTab)
    ? (params.tab as CourseListTab)
    : 'all';
  const status: TCourseStatus | undefined = tab === 'all' ? undefined : tab;
  const { filter, refilter, paging, setPaging, firstPage } = useListFilter<{
    keyword?: string;
    category_id?: number;
  }>();
  const [creating, setCreating] = useState(0);
  const tree = useQuery(courseCategoryTreeQuery());
  const list = useQuery({ ...coursesQuery({ ...filter, status }, paging), placeholderData: keepPreviousData });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  const filtered = Boolean(filter.keyword || filter.category_id);
  const emptyText = list.isLoading
    ? t('common:loading')
    : filtered
      ? t('empty_filtered')
      : tab === 'all'
        ? t('empty_all')
        : t('empty_status', { status: t(`status_${tab}`) });

  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => {
          firstPage();
          navigate(courseListPath(key as CourseListTab));
        }}
        items={COURSE_LIST_TABS.map((key) => ({
          key,
          label: <span data-testid={`course-tab-${key}`}>{t(key === 'all' ? 'tab_all' : `status_${key}`)}</span>,
        }))}
      />
      <ListToolbar
        actions={<CreateButton label={t('create')} onClick={() => setCreating((n) => n + 1)} testId="course-create" />}
      >
        <SearchInput
          placeholder={t('search_placeholder')}
          width={240}
          onSearch={(keyword) => refilter({ keyword })}
          testId="course-search"
        />
        <TreeSelect
          allowClear
          showSearch={{ treeNodeFilterProp: 'title' }}
          treeDefaultExpandAll
          value={filter.category_id}
          onChange={(id: number | undefined) => refilter({ category_id: id ?? undefined })}
          treeData={categoryTreeData(tree.data?.list ?? [])}
          loading={tree.isLoading}
          placeholder={t('category_all')}
          aria-label={t('category_all')}
          notFoundContent={tree.isError ? t('categories_unavailable') : t('categories_none')}
          style={{ width: 200 }}
          data-testid="course-category-filter"
        />
        <Link to="/course/category" data-testid="course-categories-link">
          {t('manage_categories')}
        </Link>
      </ListToolbar>
      <ResponsiveTable<TCourseRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 1110 }}
        onRow={(row) => rowTestId(`course-row-${row.id}`)}
        data-testid="course-table"
        columns={[
          {
            title: t('name'),
            dataIndex: 'name',
            width: 190,
            ellipsis: true,
            phone: 'title',
            render: (name: string, row) => (
              <Link to={courseEditorPath(row.id)} data-testid={`course-open-${row.id}`}>
                {name}
              </Link>
            ),
          },
          { title: t('category'), dataIndex: 'category_name', width: 100, render: (v: string | null) => v ?? '—' },
          {
            title: t('owner'),
            dataIndex: 'owner_name',
            width: 130,
            render: (v: string | null, row) => (
              <Space size={4} wrap>
                <span>{v ?? t('owner_none')}</span>
                {row.my_role !== 'owner' && <CourseRoleTag role={row.my_role} />}
              </Space>
            ),
          },
          {
            title: t('classes_students'),
            dataIndex: 'class_count',
            width: 100,
            render: (n: number, row) => `${n} / ${row.student_count}`,
          },
          {
            title: t('dates'),
            width: 180,
            render: (_: unknown, row) => (
              <Typography.Text style={{ whiteSpace: 'nowrap' }}>
                {datesText(row.starts_on, row.ends_on)}
              </Typography.Text>
            ),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 90,
            render: (s: TCourseStatus) => <CourseStatusTag status={s} />,
          },
          {
            title: t('task_count'),
            dataIndex: 'task_count',
            width: 90,
            render: (n: number, row) => t('tasks_in_chapters', { count: n, chapters: row.chapter_count }),
          },
          {
            title: t('common:actions'),
            width: 230,
            fixed: 'right',
            phone: 'actions',
            render: (_: unknown, row) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  onClick={() => navigate(courseEditorPath(row.id))}
                  data-testid={`course-edit-${row.id}`}
                >
                  {row.status === 'archived' || row.my_role === 'viewer' ? t('view') : t('edit')}
                </Button>
                <CourseStateActions course={row} variant="link" />
              </Space>
            ),
          },
        ]}
      />
      {creating > 0 && (
        <CourseFormModal
          key={creating}
          onClose={() => setCreating(0)}
          onCreated={(course) => {
            setCreating(0);
            navigate(courseEditorPath(course.id, 'chapters'));
          }}
        />
      )}
    </Card>
  );
}
