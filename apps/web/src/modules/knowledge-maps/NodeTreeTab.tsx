import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TKnowledgeNode, TKnowledgeTreeNode } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Badge, Button, Card, Col, Empty, Input, Popconfirm, Row, Skeleton, Space, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColorTag } from '../../shared/ColorTag.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { NodeForm } from './NodeForm.tsx';
import { deleteNode, moveNode, nodeTreeQuery, useKmChanged } from './queries.ts';

type Mode = { kind: 'none' } | { kind: 'edit'; id: number } | { kind: 'create'; parentId: number | null };

export function useNodeTree(mapId: number) {
  return useQuery(nodeTreeQuery(mapId));
}

/** Every node of a tree by id, and the number of nodes below each. */
export function indexTree(nodes: readonly TKnowledgeTreeNode[]) {
  const byId = new Map<number, TKnowledgeTreeNode>();
  const below = new Map<number, number>();
  const visit = (list: readonly TKnowledgeTreeNode[]): number =>
    list.reduce((sum, node) => {
      byId.set(node.id, node);
      const count = visit(node.children);
      below.set(node.id, count);
      return sum + 1 + count;
    }, 0);
  visit(nodes);
  return { byId, below };
}

function matches(node: TKnowledgeTreeNode, keyword: string): boolean {
  const k = keyword.toLowerCase();
  return (
    node.code.toLowerCase().includes(k) ||
    node.name.toLowerCase().includes(k) ||
    node.knowledge_points.some((p) => p.toLowerCase().includes(k))
  );
}

/** Tree data for antd; with a keyword only the matching nodes and their ancestors. */
function treeData(nodes: readonly TKnowledgeTreeNode[], keyword: string): DataNode[] {
  const out: DataNode[] = [];
  for (const node of nodes) {
    const children = treeData(node.children, keyword);
    if (keyword && !matches(node, keyword) && children.length === 0) continue;
    out.push({
      key: node.id,
      title: (
        <Space size={4} data-testid={`node-${node.code}`}>
          <Typography.Text code>{node.code}</Typography.Text>
          <span>{node.name}</span>
          {node.labels.map((l) => (
            <ColorTag key={l.id} color={l.color} style={{ marginInlineEnd: 0 }}>
              {l.name}
            </ColorTag>
          ))}
          {node.question_count > 0 && <Badge count={node.question_count} color="#8c8c8c" overflowCount={999} />}
        </Space>
      ),
      children,
    });
  }
  return out;
}

/**
 * The node tree editor of a map: the tree on the left (search, drag a node onto another to move it), the
 * selected node's form on the right with "add child" and delete; "add top-level node" above the tree.
 */
export function NodeTreeTab({
  mapId,
  selected,
  onSelect,
}: {
  mapId: number;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const changed = useKmChanged();
  const tree = useNodeTree(mapId);
  const [keyword, setKeyword] = useState('');
  const [mode, setMode] = useState<Mode>(selected === null ? { kind: 'none' } : { kind: 'edit', id: selected });
  const [formSeq, setFormSeq] = useState(0);
  const index = useMemo(() => indexTree(tree.data?.list ?? []), [tree.data]);
  const data = useMemo(() => treeData(tree.data?.list ?? [], keyword.trim()), [tree.data, keyword]);

  const open = (next: Mode) => {
    setMode(next);
    setFormSeq((s) => s + 1);
    if (next.kind === 'edit') onSelect(next.id);
  };
  const remove = useMutation({
    mutationFn: deleteNode,
    onSuccess: async (result) => {
      void message.success(t('node_deleted', { count: result.deleted }));
      setMode({ kind: 'none' });
      onSelect(null);
      await changed();
    },
  });
  const move = useMutation({
    mutationFn: moveNode,
    onSuccess: async () => {
      void message.success(t('node_moved'));
      await changed();
    },
  });

  if (tree.isError && !tree.data) return <LoadFailed error={tree.error} onRetry={() => tree.refetch()} />;
  if (!tree.data) return <Skeleton active paragraph={{ rows: 6 }} />;

  const editing = mode.kind === 'edit' ? index.byId.get(mode.id) : undefined;
  const parent = mode.kind === 'create' && mode.parentId !== null ? index.byId.get(mode.parentId) : undefined;
  const saved = async (node: TKnowledgeNode) => {
    await changed();
    open({ kind: 'edit', id: node.id });
  };

  return (
    <Row gutter={16}>
      <Col xs={24} lg={10}>
        <Space wrap style={{ marginBottom: 12 }}>
          <Input.Search
            allowClear
            placeholder={t('node_search_placeholder')}
            onSearch={(value) => setKeyword(value)}
            onChange={(e) => !e.target.value && setKeyword('')}
            style={{ width: 220 }}
            data-testid="tree-search"
          />
          <Button
            icon={<PlusOutlined />}
            onClick={() => open({ kind: 'create', parentId: null })}
            data-testid="node-add-top"
          >
            {t('node_add_top')}
          </Button>
        </Space>
        {data.length === 0 ? (
          <Empty description={keyword ? t('node_no_match') : t('node_empty')} />
        ) : (
          <Tree
            blockNode
            draggable={{ icon: false }}
            defaultExpandAll
            selectedKeys={editing ? [editing.id] : []}
            treeData={data}
            onSelect={(keys) => (keys[0] === undefined ? undefined : open({ kind: 'edit', id: Number(keys[0]) }))}
            onDrop={(info) => {
              const dragged = Number(info.dragNode.key);
              const target = index.byId.get(Number(info.node.key));
              if (!target) return;
              move.mutate({ id: dragged, parent_id: info.dropToGap ? target.parent_id : target.id });
            }}
            data-testid="node-tree"
          />
        )}
      </Col>
      <Col xs={24} lg={14}>
        {mode.kind === 'none' || (mode.kind === 'edit' && !editing) ? (
          <Empty description={t('node_pick')} />
        ) : (
          <Card
            size="small"
            title={
              editing
                ? t('node_edit_title', { code: editing.code })
                : parent
                  ? t('node_add_child_title', { code: parent.code })
                  : t('node_add_top_title')
            }
          >
            <NodeForm
              key={formSeq}
              mapId={mapId}
              node={editing}
              parentId={mode.kind === 'create' ? mode.parentId : undefined}
              onSaved={saved}
              onCancel={mode.kind === 'create' ? () => setMode({ kind: 'none' }) : undefined}
              extra={
                editing && (
                  <>
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => open({ kind: 'create', parentId: editing.id })}
                      data-testid="node-add-child"
                    >
                      {t('node_add_child')}
                    </Button>
                    <Popconfirm
                      title={t('node_delete_confirm', { code: editing.code })}
                      description={t('node_delete_help', { count: index.below.get(editing.id) ?? 0 })}
                      onConfirm={() => remove.mutateAsync(editing.id)}
                      okText={t('delete')}
                      cancelText={t('common:cancel')}
                      okButtonProps={{ danger: true }}
                    >
                      <Button danger icon={<DeleteOutlined />} data-testid="node-delete">
                        {t('delete')}
                      </Button>
                    </Popconfirm>
                  </>
                )
              }
            />
          </Card>
        )}
      </Col>
    </Row>
  );
}
