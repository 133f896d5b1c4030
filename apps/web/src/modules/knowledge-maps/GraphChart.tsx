import type { TKnowledgeGraph } from '@app/contracts';
import { useEffect, useRef } from 'react';
import { type GraphLayout, placeGraph } from './graph-layout.ts';

type Chart = {
  setOption(o: Record<string, unknown>, notMerge?: boolean): void;
  resize(): void;
  dispose(): void;
  on(event: string, handler: (params: { dataType?: string; data?: { id?: string } }) => void): void;
};

export interface GraphTexts {
  map: string;
  node: string;
  label: string;
  questions: string;
  importance: string;
}

const MAP_COLOR = '#1677ff';
const NODE_COLOR = '#52c41a';

/** The graph series of ECharts, loaded on first use (its chunk stays out of the shell and the other tabs). */
export function GraphChart({
  graph,
  layout,
  texts,
  onNodeClick,
  height = 560,
}: {
  graph: TKnowledgeGraph;
  layout: GraphLayout;
  texts: GraphTexts;
  onNodeClick: (nodeId: number) => void;
  height?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const click = useRef(onNodeClick);
  click.current = onNodeClick;
  useEffect(() => {
    let disposed = false;
    let chart: Chart | null = null;
    const resize = () => chart?.resize();
    const items = placeGraph(graph);
    const option = {
      animation: layout === 'force',
      tooltip: {
        formatter: (params: { dataType?: string; data?: { tip?: string } }) =>
          params.dataType === 'node' ? (params.data?.tip ?? '') : '',
      },
      legend: { data: [texts.map, texts.node, texts.label], bottom: 0 },
      series: [
        {
          type: 'graph',
          layout: layout === 'tree' ? 'none' : 'force',
          roam: true,
          draggable: layout === 'force',
          force: { repulsion: 220, edgeLength: [60, 140], gravity: 0.08 },
          categories: [
            { name: texts.map, itemStyle: { color: MAP_COLOR } },
            { name: texts.node, itemStyle: { color: NODE_COLOR } },
            { name: texts.label, itemStyle: { color: '#fa8c16' } },
          ],
          label: { show: true, position: 'bottom', fontSize: 11 },
          edgeSymbol: ['none', 'arrow'],
          edgeSymbolSize: 6,
          data: items.map((item) => ({
            id: item.key,
            name: item.kind === 'node' ? `${item.code} ${item.name}` : item.name,
            category: item.kind === 'map' ? 0 : item.kind === 'node' ? 1 : 2,
            ...(layout === 'tree' ? { x: item.x ?? 0, y: item.y ?? 0 } : {}),
            symbol: item.kind === 'label' ? 'roundRect' : 'circle',
            symbolSize: item.kind === 'map' ? 44 : item.kind === 'label' ? 18 : 14 + item.importance * 4,
            ...(item.kind === 'label' ? { itemStyle: { color: item.color } } : {}),
            tip:
              item.kind === 'label'
                ? `${texts.label}: ${item.name}`
                : item.kind === 'map'
                  ? `${texts.map}: ${item.name}<br/>${texts.questions}: ${item.question_count}`
                  : `${item.code} ${item.name}<br/>${texts.importance}: ${item.importance}<br/>${texts.questions}: ${item.question_count}`,
          })),
          links: graph.edges.map((edge) => ({
            source: edge.source,
            target: edge.target,
            lineStyle: edge.kind === 'label' ? { type: 'dashed', opacity: 0.5 } : { width: 1.5, opacity: 0.8 },
          })),
        },
      ],
    };
    void import('./km-echarts.ts').then(({ echarts }) => {
      if (disposed || !ref.current) return;
      chart = echarts.init(ref.current) as unknown as Chart;
      chart.setOption(option, true);
      chart.on('click', (params) => {
        const id = params.dataType === 'node' ? params.data?.id : undefined;
        if (id?.startsWith('node-')) click.current(Number(id.slice('node-'.length)));
      });
      window.addEventListener('resize', resize);
    });
    return () => {
      disposed = true;
      window.removeEventListener('resize', resize);
      chart?.dispose();
    };
  }, [graph, layout, texts]);
  return <div ref={ref} style={{ height, width: '100%' }} data-testid="map-graph-chart" />;
}
