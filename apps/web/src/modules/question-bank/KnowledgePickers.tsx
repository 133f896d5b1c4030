import type { TKnowledgeLabelRef, TKnowledgeMapOption, TKnowledgeOptionNode } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOptionsQuery, mapOptionsQuery } from './queries.ts';

/**
 * Pickers for a question's labels and knowledge nodes, fed by the knowledge-map module's option lists
 * (`/dataset-label/options`, `/dataset-map/options`: enabled maps with their node trees).
 */
type LabelOption = TKnowledgeLabelRef;
type NodeOption = Omit<TKnowledgeOptionNode, 'children'> & { children?: NodeOption[] };
type MapOption = Omit<TKnowledgeMapOption, 'nodes'> & { nodes: NodeOption[] };

export function LabelPicker({
  value,
  onChange,
  known = [],
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Labels the question already has (shown by name even when the option list is missing). */
  known?: readonly LabelOption[];
}) {
  const { t } = useTranslation('question-bank');
  const query = useQuery(labelOptionsQuery());
  const unavailable = query.isError;
  const list = [...(query.data ?? [])];
  for (const label of known) if (!list.some((l) => l.id === label.id)) list.push(label);
  return (
    <Select
      mode="multiple"
      allowClear
      value={value}
      onChange={onChange}
      loading={query.isLoading}
      placeholder={unavailable ? t('labels_unavailable') : t('labels_placeholder')}
      aria-label={unavailable ? t('labels_unavailable') : t('labels_placeholder')}
      optionFilterProp="label"
      notFoundContent={unavailable ? t('labels_unavailable') : t('labels_none')}
      options={list.map((label) => ({ value: label.id, label: label.name }))}
      tagRender={({ label, value: id, closable, onClose }) => {
        const color = list.find((l) => l.id === id)?.color;
        return (
          <Tag color={color} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
            {label}
          </Tag>
        );
      }}
      data-testid="qb-editor-labels"
    />
  );
}

interface TreeNode {
  value: number | string;
  key: number | string;
  title: string;
  selectable?: boolean;
  children?: TreeNode[];
}

function nodeTree(nodes: NodeOption[]): TreeNode[] {
  return nodes.map((node) => ({
    value: node.id,
    key: node.id,
    title: `${node.code} ${node.name}`,
    ...(node.children?.length ? { children: nodeTree(node.children) } : {}),
  }));
}

export function NodePicker({
  value,
  onChange,
  known = [],
}: {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Nodes the question already has, with their map (shown by name even when the option list is missing). */
  known?: readonly { id: number; code: string; name: string; map_id: number; map_name: string }[];
}) {
  const { t } = useTranslation('question-bank');
  const query = useQuery(mapOptionsQuery());
  const unavailable = query.isError;
  const maps: MapOption[] = (query.data ?? []).map((map) => ({ ...map, nodes: map.nodes }));
  const has = (nodes: NodeOption[], id: number): boolean =>
    nodes.some((node) => node.id === id || has(node.children ?? [], id));
  for (const node of known) {
    if (maps.some((map) => has(map.nodes, node.id))) continue;
    const map = maps.find((m) => m.id === node.map_id);
    const option = { id: node.id, code: node.code, name: node.name };
    if (map) map.nodes = [...map.nodes, option];
    else maps.push({ id: node.map_id, name: node.map_name, nodes: [option] });
  }
  // Maps are the top level (not selectable); their nodes below.
  const treeData: TreeNode[] = maps.map((map) => ({
    value: `map-${map.id}`,
    key: `map-${map.id}`,
    title: map.name,
    selectable: false,
    children: nodeTree(map.nodes),
  }));
  return (
    <TreeSelect<number[]>
      multiple
      allowClear
      showSearch
      treeNodeFilterProp="title"
      value={value}
      onChange={(ids) => onChange((ids ?? []).filter((id): id is number => typeof id === 'number'))}
      treeData={treeData}
      loading={query.isLoading}
      placeholder={unavailable ? t('nodes_unavailable') : t('nodes_placeholder')}
      aria-label={unavailable ? t('nodes_unavailable') : t('nodes_placeholder')}
      notFoundContent={unavailable ? t('nodes_unavailable') : t('nodes_none')}
      treeDefaultExpandAll
      style={{ width: '100%' }}
      data-testid="qb-editor-nodes"
    />
  );
}
