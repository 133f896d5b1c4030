import { useQuery } from '@tanstack/react-query';
import { Empty, Segmented, Skeleton, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { GraphChart } from './GraphChart.tsx';
import type { GraphLayout } from './graph-layout.ts';
import { mapGraphQuery } from './queries.ts';

/** The map as a graph (root, nodes, labels) in a tree or force layout; clicking a node opens its questions. */
export function MapGraphTab({ mapId, onOpenNode }: { mapId: number; onOpenNode: (nodeId: number) => void }) {
  const { t } = useTranslation('knowledge-maps');
  const [layout, setLayout] = useState<GraphLayout>('tree');
  const graph = useQuery(mapGraphQuery(mapId));
  const texts = useMemo(
    () => ({
      map: t('graph_map'),
      node: t('graph_node'),
      label: t('graph_label'),
      questions: t('question_count'),
      importance: t('importance'),
    }),
    [t],
  );
  if (graph.isError && !graph.data) return <LoadFailed error={graph.error} onRetry={() => graph.refetch()} />;
  if (!graph.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const nodeCount = graph.data.nodes.filter((n) => n.kind === 'node').length;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Segmented<GraphLayout>
          value={layout}
          onChange={setLayout}
          options={[
            { value: 'tree', label: t('graph_layout_tree') },
            { value: 'force', label: t('graph_layout_force') },
          ]}
          data-testid="graph-layout"
        />
        <Typography.Text type="secondary">{t('graph_help')}</Typography.Text>
      </Space>
      {nodeCount === 0 ? (
        <Empty description={t('node_empty')} />
      ) : (
        <GraphChart graph={graph.data} layout={layout} texts={texts} onNodeClick={onOpenNode} />
      )}
    </Space>
  );
}
