import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { TKnowledgeLabelDetail } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Descriptions, Popconfirm, Result, Skeleton, Space, Table, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { LabelFormModal } from './LabelFormModal.tsx';
import {
  deleteLabel,
  detailParams,
  labelDetailPath,
  labelDetailQuery,
  mapDetailPath,
  useKmChanged,
} from './queries.ts';
import { questionColumns } from './question-columns.tsx';

const TABS = ['info', 'nodes', 'questions'] as const;
/** One label (`/dataset/label-detail/{tab?}/{id?}`): its information, the nodes and the questions carrying it. */
export function LabelDetailPage() {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useKmChanged();
  const { tab, id } = detailParams(useParams(), TABS);
  const [editing, setEditing] = useState(false);
  const label = useQuery({
    ...labelDetailQuery(id),
    enabled: id !== null,
  });
  const remove = useMutation({
    mutationFn: () => deleteLabel(id ?? 0),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
      navigate('/dataset/label');
    },
  });
  const back = (
    <Link to="/dataset/label">
      <ArrowLeftOutlined /> {t('back_to_labels')}
    </Link>
  );
  if (id === null || (label.error instanceof ApiError && label.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('label_not_found')} extra={back} data-testid="label-not-found" />
      </Card>
    );
  }
  if (label.isError && !label.data) return <LoadFailed error={label.error} onRetry={() => label.refetch()} />;
  if (!label.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 6 }} />
      </Card>
    );
  }
  const data = label.data;
  return (
    <Card
      title={
        <Space wrap>
          <Link to="/dataset/label" aria-label={t('back_to_labels')}>
            <ArrowLeftOutlined />
          </Link>
          <ColorTag color={data.color} data-testid="label-title">
            {data.name}
          </ColorTag>
        </Space>
      }
      extra={
        <Space wrap>
          <Button type="link" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('edit')}
          </Button>
          <Popconfirm
            title={t('label_delete_confirm', { name: data.name })}
            description={t('label_delete_help', { nodes: data.node_count, questions: data.question_count })}
            onConfirm={() => remove.mutateAsync()}
            okText={t('delete')}
            cancelText={t('common:cancel')}
            okButtonProps={{ danger: true }}
          >
            <Button type="link" danger data-testid="label-detail-delete">
              {t('delete')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(labelDetailPath(data.id, key), { replace: true })}
        items={[
          {
            key: 'info',
            label: t('tab_info'),
            children: (
              <Descriptions column={1} bordered size="small">
                <Descriptions.Item label={t('label_name')}>{data.name}</Descriptions.Item>
                <Descriptions.Item label={t('color')}>
                  <ColorTag color={data.color}>{data.color}</ColorTag>
                </Descriptions.Item>
                <Descriptions.Item label={t('description')}>{data.description || '-'}</Descriptions.Item>
                <Descriptions.Item label={t('node_count')}>{data.node_count}</Descriptions.Item>
                <Descriptions.Item label={t('question_count')}>{data.question_count}</Descriptions.Item>
                <Descriptions.Item label={t('created_at')}>{formatTime(data.created_at)}</Descriptions.Item>
              </Descriptions>
            ),
          },
          {
            key: 'nodes',
            label: `${t('tab_nodes')} (${data.node_count})`,
            children: (
              <Table<TKnowledgeLabelDetail['nodes'][number]>
                rowKey="id"
                dataSource={data.nodes}
                pagination={{ pageSize: 20, hideOnSinglePage: true }}
                locale={{ emptyText: t('label_nodes_empty') }}
                data-testid="label-nodes"
                columns={[
                  {
                    title: t('code'),
                    dataIndex: 'code',
                    width: 140,
                    render: (v: string) => <Typography.Text code>{v}</Typography.Text>,
                  },
                  { title: t('node_name'), dataIndex: 'name' },
                  {
                    title: t('map'),
                    dataIndex: 'map_name',
                    render: (name: string, row) => <Link to={mapDetailPath(row.map_id)}>{name}</Link>,
                  },
                ]}
              />
            ),
          },
          {
            key: 'questions',
            label: `${t('tab_questions')} (${data.question_count})`,
            children: (
              <Space direction="vertical" style={{ width: '100%' }}>
                {data.question_count > data.questions.length && (
                  <Typography.Text type="secondary">
                    {t('label_questions_newest', { shown: data.questions.length, total: data.question_count })}
                  </Typography.Text>
                )}
                <Table
                  rowKey="id"
                  dataSource={data.questions}
                  columns={questionColumns(t)}
                  pagination={{ pageSize: 20, hideOnSinglePage: true }}
                  locale={{ emptyText: t('label_questions_empty') }}
                  data-testid="label-questions"
                />
              </Space>
            ),
          },
        ]}
      />
      {editing && (
        <LabelFormModal
          label={data}
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
