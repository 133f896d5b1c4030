import { PlusOutlined } from '@ant-design/icons';
import type { TTemplateDetail, TTemplateRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session/session-context.tsx';
import { api, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { type PageSize, serverPagination } from '../../shared/list-paging.ts';
import { TemplateEditorModal } from './TemplateEditorModal.tsx';
import { TEMPLATES_KEY, useCategoryOptions, useTemplatesChanged } from './template-queries.ts';

interface Filter {
  keyword?: string;
  category_id?: number;
  scope?: 'common' | 'private';
}

/**
 * `/production/template`: the templates the organisation may use (common and private), with category, scope
 * and name filters; create, edit (JSON editor with live checks and preview), copy and delete. Common templates
 * are edited by the super administrator only (platform procedures); others copy them.
 */
export function TemplateListPage() {
  const { t } = useTranslation(['templates', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const changed = useTemplatesChanged();
  const isRoot = useSession().detail.user.siteUser.current_role === 'role_root';
  const categories = useCategoryOptions();
  const [filter, setFilter] = useState<Filter>({});
  const [paging, setPaging] = useState<{ page: number; pageSize: PageSize }>({ page: 1, pageSize: 10 });
  // `seq` remounts the editor for every opening, so it starts from the template's saved state.
  const [editing, setEditing] = useState<{ open: boolean; seq: number; template?: TTemplateDetail; common: boolean }>({
    open: false,
    seq: 0,
    common: false,
  });
  const list = useQuery({
    queryKey: [...TEMPLATES_KEY, 'list', filter, paging],
    queryFn: ({ signal }) => api('/template/list', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const openEdit = useMutation({
    mutationFn: (id: number) =>
      queryClient.fetchQuery({
        queryKey: [...TEMPLATES_KEY, 'detail', id],
        queryFn: () => api('/template/detail', { id }),
      }),
    onSuccess: (template) =>
      setEditing((e) => ({ open: true, seq: e.seq + 1, template, common: template.scope === 'common' })),
    onError: (error) => void message.error(errorMessage(error)),
  });
  const copy = useMutation({
    mutationFn: (id: number) => api('/template/copy', { id }),
    onSuccess: async (created) => {
      void message.success(t('copied', { name: created.name }));
      await changed();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });
  const remove = useMutation({
    mutationFn: (row: TTemplateRow) =>
      row.scope === 'common' ? api('/template/common-delete', { id: row.id }) : api('/template/delete', { id: row.id }),
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: (error) => void message.error(errorMessage(error)),
  });
  const update = (next: Filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  const editable = (row: TTemplateRow) => row.scope === 'private' || isRoot;

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Input.Search
            allowClear
            placeholder={t('search_placeholder')}
            onSearch={(keyword) => update({ ...filter, keyword: keyword.trim() || undefined })}
            style={{ width: 240 }}
            data-testid="template-search"
          />
          <Select
            allowClear
            placeholder={t('category')}
            style={{ width: 180 }}
            onChange={(category_id?: number) => update({ ...filter, category_id })}
            options={categories.data?.list.map((c) => ({ value: c.id, label: c.name }))}
            data-testid="template-category-filter"
          />
          <Select
            allowClear
            placeholder={t('scope')}
            style={{ width: 140 }}
            onChange={(scope?: 'common' | 'private') => update({ ...filter, scope })}
            options={(['common', 'private'] as const).map((scope) => ({ value: scope, label: t(`scope_${scope}`) }))}
            data-testid="template-scope-filter"
          />
        </Space>
        <Space>
          {isRoot && (
            <Button onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, common: true }))}>
              {t('create_common')}
            </Button>
          )}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, common: false }))}
            data-testid="template-create"
          >
            {t('create')}
          </Button>
        </Space>
      </Space>
      <Table<TTemplateRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        data-testid="template-table"
        columns={[
          { title: t('name'), dataIndex: 'name' },
          { title: t('category'), dataIndex: 'category_name', width: 180 },
          {
            title: t('scope'),
            dataIndex: 'scope',
            width: 100,
            render: (scope: TTemplateRow['scope']) => (
              <Tag color={scope === 'common' ? 'blue' : 'green'}>{t(`scope_${scope}`)}</Tag>
            ),
          },
          { title: t('used_by'), dataIndex: 'used_by', width: 100 },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 180, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 220,
            render: (_: unknown, row) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => openEdit.mutate(row.id)}
                  data-testid={`template-edit-${row.id}`}
                >
                  {editable(row) ? t('edit') : t('view')}
                </Button>
                <Button
                  type="link"
                  size="small"
                  onClick={() => copy.mutate(row.id)}
                  data-testid={`template-copy-${row.id}`}
                >
                  {t('copy')}
                </Button>
                {editable(row) && (
                  <Popconfirm
                    title={t('delete_confirm', { name: row.name })}
                    onConfirm={() => remove.mutate(row)}
                    okButtonProps={{ danger: true }}
                  >
                    <Button type="link" size="small" danger data-testid={`template-delete-${row.id}`}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      <TemplateEditorModal
        key={editing.seq}
        open={editing.open}
        template={editing.template}
        common={editing.common}
        readOnly={editing.template ? !editable(editing.template) : false}
        onClose={() => setEditing((e) => ({ ...e, open: false, template: undefined }))}
      />
    </Card>
  );
}
