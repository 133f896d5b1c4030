import { PlusOutlined } from '@ant-design/icons';
import type { TTemplateDetail, TTemplateRow } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { FilterSelect, ListScaffold, RowActions, useEditableList } from './list-scaffold.tsx';
import {
  categoryOptionsQuery,
  copyTemplate,
  deleteTemplate,
  templateDetailQuery,
  templateListQuery,
} from './queries.ts';
import { TemplateEditorModal } from './TemplateEditorModal.tsx';

/**
 * `/production/template`: the templates the organisation may use (common and private), with category, scope
 * and name filters; create, edit (JSON editor with live checks and preview), copy and delete. Common templates
 * are edited by the super administrator only (platform procedures); others copy them.
 */
export function TemplateListPage() {
  const { t } = useTranslation(['annotation-templates', 'common']);
  const isRoot = useSession().detail.user.siteUser.current_role === 'role_root';
  const categories = useQuery(categoryOptionsQuery());
  // `seq` remounts the editor for every opening, so it starts from the template's saved state.
  const [editing, setEditing] = useState<{ open: boolean; seq: number; template?: TTemplateDetail; common: boolean }>({
    open: false,
    seq: 0,
    common: false,
  });
  const state = useEditableList({
    listQuery: templateListQuery,
    detailQuery: templateDetailQuery,
    onDetail: (template) =>
      setEditing((e) => ({ open: true, seq: e.seq + 1, template, common: template.scope === 'common' })),
    remove: deleteTemplate,
  });
  const copy = useMutation({
    mutationFn: copyTemplate,
    onSuccess: async (created) => {
      void state.message.success(t('copied', { name: created.name }));
      await state.changed();
    },
    onError: (error) => showError(error),
  });
  const editable = (row: TTemplateRow) => row.scope === 'private' || isRoot;

  return (
    <ListScaffold
      state={state}
      search={{ placeholder: t('search_placeholder'), testId: 'template-search' }}
      filters={
        <>
          <FilterSelect
            placeholder={t('category')}
            width={180}
            onChange={(category_id) => state.update({ ...state.filter, category_id })}
            options={categories.data?.list.map((c) => ({ value: c.id, label: c.name }))}
            testId="template-category-filter"
          />
          <FilterSelect
            placeholder={t('scope')}
            width={140}
            onChange={(scope) => state.update({ ...state.filter, scope })}
            options={(['common', 'private'] as const).map((scope) => ({ value: scope, label: t(`scope_${scope}`) }))}
            testId="template-scope-filter"
          />
        </>
      }
      actions={
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
      }
      emptyText={t('empty')}
      tableTestId="template-table"
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
            <RowActions
              onEdit={() => state.openEdit.mutate(row.id)}
              editLabel={editable(row) ? t('edit') : t('view')}
              editTestId={`template-edit-${row.id}`}
              remove={
                editable(row)
                  ? {
                      confirm: t('delete_confirm', { name: row.name }),
                      onConfirm: () => state.remove.mutate(row),
                      testId: `template-delete-${row.id}`,
                    }
                  : undefined
              }
            >
              <Button
                type="link"
                size="small"
                onClick={() => copy.mutate(row.id)}
                data-testid={`template-copy-${row.id}`}
              >
                {t('copy')}
              </Button>
            </RowActions>
          ),
        },
      ]}
    >
      <TemplateEditorModal
        key={editing.seq}
        open={editing.open}
        template={editing.template}
        common={editing.common}
        readOnly={editing.template ? !editable(editing.template) : false}
        onClose={() => setEditing((e) => ({ ...e, open: false, template: undefined }))}
      />
    </ListScaffold>
  );
}
