import { PlusOutlined } from '@ant-design/icons';
import type { TKnowledgeMapRow } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { courseMapsPath, courseMapsQuery } from './queries.ts';

interface Props {
  courseId: number;
  /** The caller may change the course's content (not a viewer, not archived): offers a new map. */
  editable: boolean;
  /** The menu the links stay in: `/teacher` (the default) or `/manager`. */
  base?: string;
}

/**
 * The knowledge maps made for a course, each opening the map editor of the course maps page, and a way to make a new
 * one: the course editor's "knowledge maps" tab and the course maps page both show it.
 */
export function CourseMapsPanel({ courseId, editable, base = '/teacher' }: Props) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const maps = useQuery(courseMapsQuery(courseId));
  if (maps.isError && !maps.data) return <LoadFailed error={maps.error} onRetry={() => maps.refetch()} />;
  const open = (row: TKnowledgeMapRow) => courseMapsPath(base, courseId, { map_id: row.id });
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="course-maps">
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text type="secondary">{t('course_maps_help')}</Typography.Text>
        {editable && (
          <Link to={courseMapsPath(base, courseId, { new: true })} data-testid="course-map-new">
            <Button type="primary" icon={<PlusOutlined />}>
              {t('course_maps_new')}
            </Button>
          </Link>
        )}
      </Space>
      <Table<TKnowledgeMapRow>
        rowKey="id"
        size="small"
        loading={maps.isLoading}
        dataSource={maps.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('course_maps_empty') }}
        columns={[
          {
            title: t('map_name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Link to={open(row)} data-testid={`course-map-${row.id}`}>
                {name}
              </Link>
            ),
          },
          {
            title: t('enabled'),
            dataIndex: 'enabled',
            render: (enabled: boolean) => (
              <Tag color={enabled ? 'success' : undefined}>{enabled ? t('status_enabled') : t('status_disabled')}</Tag>
            ),
          },
          { title: t('node_count'), dataIndex: 'node_count' },
          { title: t('question_count'), dataIndex: 'question_count' },
          { title: t('updated_at'), dataIndex: 'updated_at', render: (value: string) => formatTime(value) },
          {
            title: t('common:actions'),
            key: 'actions',
            render: (_value, row) => <Link to={open(row)}>{editable ? t('edit') : t('course_maps_view')}</Link>,
          },
        ]}
      />
    </Space>
  );
}
