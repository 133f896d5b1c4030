import { LinkOutlined } from '@ant-design/icons';
import type { TKnowledgeTreeNode, TQuestionRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Empty, Popconfirm, Space, Table, TreeSelect } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { LinkQuestionsModal } from './LinkQuestionsModal.tsx';
import { indexTree, useNodeTree } from './NodeTreeTab.tsx';
import { nodeQuestionsQuery, unlinkQuestions, useKmChanged } from './queries.ts';
import { questionColumns } from './question-columns.tsx';

interface NodeOption {
  value: number;
  title: string;
  children: NodeOption[];
}

const nodeOptions = (nodes: readonly TKnowledgeTreeNode[]): NodeOption[] =>
  nodes.map((n) => ({ value: n.id, title: `${n.code} ${n.name}`, children: nodeOptions(n.children) }));

/** Questions linked to the chosen node (`/dataset-data/list` with node_id): link more, unlink the selected ones. */
export function NodeQuestionsTab({
  mapId,
  mapEnabled,
  selected,
  onSelect,
}: {
  mapId: number;
  mapEnabled: boolean;
  selected: number | null;
  onSelect: (id: number | null) => void;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const changed = useKmChanged();
  const tree = useNodeTree(mapId);
  const index = useMemo(() => indexTree(tree.data?.list ?? []), [tree.data]);
  const node = selected === null ? undefined : index.byId.get(selected);
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<number[]>([]);
  const [linking, setLinking] = useState(false);

  const questions = useQuery({
    ...nodeQuestionsQuery(selected, paging),
    enabled: node !== undefined,
    placeholderData: keepPreviousData,
  });
  const refresh = async () => {
    setChosen([]);
    await changed();
    // The question bank caches its own lists; they show node links too.
    await queryClient.invalidateQueries({ queryKey: ['question-bank'] });
  };
  const unlink = useMutation({
    mutationFn: () => unlinkQuestions({ node_id: selected ?? 0, question_ids: chosen }),
    onSuccess: async (result) => {
      void message.success(t('questions_unlinked', { count: result.unlinked }));
      await refresh();
    },
  });

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <TreeSelect<number>
          showSearch
          allowClear
          treeDefaultExpandAll
          treeNodeFilterProp="title"
          style={{ minWidth: 320 }}
          value={node ? node.id : undefined}
          onChange={(id) => {
            onSelect(id ?? null);
            setPaging((p) => ({ ...p, page: 1 }));
            setChosen([]);
          }}
          treeData={nodeOptions(tree.data?.list ?? [])}
          loading={tree.isLoading}
          placeholder={t('node_pick_placeholder')}
          aria-label={t('node_pick_placeholder')}
          notFoundContent={t('node_empty')}
          data-testid="questions-node"
        />
        <Button
          type="primary"
          icon={<LinkOutlined />}
          disabled={!node || !mapEnabled}
          onClick={() => setLinking(true)}
          data-testid="questions-link"
        >
          {t('link_questions')}
        </Button>
        <Popconfirm
          title={t('unlink_confirm', { count: chosen.length })}
          onConfirm={() => unlink.mutateAsync()}
          okText={t('unlink')}
          cancelText={t('common:cancel')}
          okButtonProps={{ danger: true }}
          disabled={chosen.length === 0}
        >
          <Button danger disabled={chosen.length === 0} data-testid="questions-unlink">
            {t('unlink_count', { count: chosen.length })}
          </Button>
        </Popconfirm>
      </Space>
      {!mapEnabled && <Alert type="warning" showIcon message={t('map_disabled_no_link')} />}
      {!node ? (
        <Empty description={t('node_pick_questions')} />
      ) : (
        <Table<TQuestionRow>
          rowKey="id"
          loading={questions.isFetching}
          dataSource={questions.data?.list}
          columns={questionColumns(t)}
          locale={{ emptyText: questions.isLoading ? t('common:loading') : t('node_questions_empty') }}
          pagination={serverPagination(t, paging, questions.data?.total, setPaging)}
          rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys.map(Number)) }}
          data-testid="node-questions-table"
        />
      )}
      {linking && node && (
        <LinkQuestionsModal
          nodeId={node.id}
          nodeCode={node.code}
          onClose={() => setLinking(false)}
          onLinked={() => {
            setLinking(false);
            void refresh();
          }}
        />
      )}
    </Space>
  );
}
