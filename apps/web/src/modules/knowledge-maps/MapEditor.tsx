import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Switch, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { MapFormModal } from './MapFormModal.tsx';
import { MapGraphTab } from './MapGraphTab.tsx';
import { NodeQuestionsTab } from './NodeQuestionsTab.tsx';
import { NodeTreeTab } from './NodeTreeTab.tsx';
import { deleteMap, mapDetailQuery, setMapEnabled, useKmChanged } from './queries.ts';

export const MAP_TABS = ['tree', 'graph', 'questions'] as const;
export type MapTab = (typeof MAP_TABS)[number];

interface Props {
  /** The map (null: the address names none). */
  id: number | null;
  tab: MapTab;
  onTab: (tab: MapTab) => void;
  /** Where the back link and a delete lead (the map list, or a course's maps). */
  backTo: string;
}

/**
 * One knowledge map with its node tree editor, its graph and its linked questions: the content managers' map
 * detail and a course's map (`/teacher/dataset/mapCreate?course_id=&map_id=`) both show this.
 */
export function MapEditor({ id, tab, onTab, backTo }: Props) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useKmChanged();
  const [selected, setSelected] = useState<number | null>(null);
  const [editing, setEditing] = useState(false);
  const map = useQuery({
    ...mapDetailQuery(id),
    enabled: id !== null,
  });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) => setMapEnabled(id ?? 0, enabled),
    onSuccess: async (saved) => {
      void message.success(saved.enabled ? t('map_enabled_done') : t('map_disabled_done'));
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: () => deleteMap(id ?? 0),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
      navigate(backTo);
    },
  });
  const back = (
    <Link to={backTo} data-testid="map-back">
      <ArrowLeftOutlined /> {t('back_to_maps')}
    </Link>
  );

  if (id === null || (map.error instanceof ApiError && map.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('map_not_found')} extra={back} data-testid="map-not-found" />
      </Card>
    );
  }
  if (map.isError && !map.data) return <LoadFailed error={map.error} onRetry={() => map.refetch()} />;
  if (!map.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = map.data;
  return (
    <Card
      title={
        <Space wrap>
          <Tooltip title={t('back_to_maps')}>
            <Link to={backTo} aria-label={t('back_to_maps')}>
              <ArrowLeftOutlined />
            </Link>
          </Tooltip>
          <span data-testid="map-title">{data.name}</span>
          <Tag color={data.enabled ? 'success' : undefined}>
            {data.enabled ? t('status_enabled') : t('status_disabled')}
          </Tag>
        </Space>
      }
      extra={
        <Space wrap>
          <Switch
            checked={data.enabled}
            loading={toggle.isPending}
            onChange={(checked) => toggle.mutate(checked)}
            checkedChildren={t('status_enabled')}
            unCheckedChildren={t('status_disabled')}
            data-testid="map-detail-enabled"
          />
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="map-detail-edit">
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('map_delete_confirm', { name: data.name })}
            description={t('map_delete_help', { nodes: data.node_count })}
            onConfirm={() => remove.mutateAsync()}
            okText={t('delete')}
            cancelText={t('common:cancel')}
            okButtonProps={{ danger: true }}
          >
            <Button type="link" danger data-testid="map-detail-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 8 }}>
        <Descriptions.Item label={t('description')}>{data.description || '-'}</Descriptions.Item>
        <Descriptions.Item label={t('category')}>{data.category_name ?? '-'}</Descriptions.Item>
        <Descriptions.Item label={t('updated_at')}>{formatTime(data.updated_at)}</Descriptions.Item>
        <Descriptions.Item label={t('node_count')}>{data.node_count}</Descriptions.Item>
        <Descriptions.Item label={t('question_count')}>{data.question_count}</Descriptions.Item>
        <Descriptions.Item label={t('created_by')}>{data.created_by_name ?? '-'}</Descriptions.Item>
        {data.course_name !== null && (
          <Descriptions.Item label={t('course')}>
            <span data-testid="map-course">{data.course_name}</span>
          </Descriptions.Item>
        )}
      </Descriptions>
      <Tabs
        activeKey={tab}
        onChange={(key) => onTab(key as MapTab)}
        destroyOnHidden
        items={[
          {
            key: 'tree',
            label: t('tab_tree'),
            children: <NodeTreeTab mapId={data.id} selected={selected} onSelect={setSelected} />,
          },
          {
            key: 'graph',
            label: t('tab_graph'),
            children: (
              <MapGraphTab
                mapId={data.id}
                onOpenNode={(nodeId) => {
                  setSelected(nodeId);
                  onTab('questions');
                }}
              />
            ),
          },
          {
            key: 'questions',
            label: t('tab_questions'),
            children: (
              <NodeQuestionsTab mapId={data.id} mapEnabled={data.enabled} selected={selected} onSelect={setSelected} />
            ),
          },
        ]}
      />
      {editing && (
        <MapFormModal
          map={data}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            void changed();
          }}
        />
      )}
    </Card>
  );
}
