import type { TQuestionRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Paging, serverPagination } from '../../shared/list-paging.ts';
import { linkCandidatesQuery, linkQuestions } from './queries.ts';
import { questionColumns } from './question-columns.tsx';

/** Searches the organisation's questions and links the chosen ones to a node. */
export function LinkQuestionsModal({
  nodeId,
  nodeCode,
  onClose,
  onLinked,
}: {
  nodeId: number;
  nodeCode: string;
  onClose: () => void;
  onLinked: () => void;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState<string>();
  const [paging, setPaging] = useState<Paging>({ page: 1, pageSize: 10 });
  const [chosen, setChosen] = useState<number[]>([]);
  const list = useQuery({
    ...linkCandidatesQuery(keyword, paging),
    placeholderData: keepPreviousData,
  });
  const link = useMutation({
    mutationFn: () => linkQuestions({ node_id: nodeId, question_ids: chosen }),
    onSuccess: (result) => {
      void message.success(t('questions_linked', { count: result.linked }));
      onLinked();
    },
  });
  return (
    <Modal
      open
      width={860}
      title={t('link_title', { code: nodeCode })}
      okText={t('link_ok', { count: chosen.length })}
      cancelText={t('common:cancel')}
      okButtonProps={{ disabled: chosen.length === 0, loading: link.isPending, ...{ 'data-testid': 'link-save' } }}
      onOk={() => link.mutate()}
      onCancel={onClose}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Input.Search
          allowClear
          placeholder={t('question_search_placeholder')}
          onSearch={(value) => {
            setKeyword(value.trim() || undefined);
            setPaging((p) => ({ ...p, page: 1 }));
          }}
          data-testid="link-search"
        />
        <Table<TQuestionRow>
          rowKey="id"
          size="small"
          loading={list.isFetching}
          dataSource={list.data?.list}
          columns={questionColumns(t)}
          locale={{ emptyText: list.isLoading ? t('common:loading') : t('questions_none') }}
          pagination={serverPagination(t, paging, list.data?.total, setPaging)}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setChosen(keys.map(Number)),
          }}
          data-testid="link-table"
        />
      </Space>
    </Modal>
  );
}
