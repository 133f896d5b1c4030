import { PlusOutlined } from '@ant-design/icons';
import type { TCategoryDetail } from '@app/contracts';
import { Button, Image, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CategoryFormModal, TASK_TYPE_OPTIONS } from './CategoryFormModal.tsx';
import { FilterSelect, ListScaffold, RowActions, useEditableList } from './list-scaffold.tsx';
import { categoryDetailQuery, categoryListQuery, deleteCategory } from './queries.ts';

/** `/system/template-category`: annotation categories (platform): list and filters, create, edit, delete. */
export function CategoryListPage() {
  const { t } = useTranslation(['annotation-templates', 'common']);
  const [editing, setEditing] = useState<{ open: boolean; seq: number; category?: TCategoryDetail }>({
    open: false,
    seq: 0,
  });
  const state = useEditableList({
    listQuery: categoryListQuery,
    detailQuery: categoryDetailQuery,
    onDetail: (category) => setEditing((e) => ({ open: true, seq: e.seq + 1, category })),
    remove: deleteCategory,
  });

  return (
    <ListScaffold
      state={state}
      search={{ placeholder: t('category_search_placeholder'), testId: 'category-search' }}
      filters={
        <>
          <FilterSelect
            placeholder={t('task_type')}
            width={160}
            onChange={(task_type) => state.update({ ...state.filter, task_type })}
            options={TASK_TYPE_OPTIONS.map((value) => ({ value, label: t(`task.${value}`) }))}
          />
          <FilterSelect
            placeholder={t('enabled')}
            width={120}
            onChange={(enabled) => state.update({ ...state.filter, enabled })}
            options={[
              { value: true, label: t('enabled_yes') },
              { value: false, label: t('enabled_no') },
            ]}
          />
        </>
      }
      actions={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
          data-testid="category-create"
        >
          {t('category_create')}
        </Button>
      }
      emptyText={t('category_empty')}
      tableTestId="category-table"
      columns={[
        {
          title: t('small_icon'),
          dataIndex: 'small_icon',
          width: 80,
          render: (src: string | null) => (src ? <Image src={src} width={32} height={32} /> : null),
        },
        { title: t('category_name'), dataIndex: 'name' },
        { title: t('name_en'), dataIndex: 'name_en' },
        { title: t('task_type'), dataIndex: 'task_type', width: 120, render: (v: string) => t(`task.${v}`) },
        { title: t('draw_type'), dataIndex: 'draw_type', width: 140, render: (v: string) => t(`draw.${v}`) },
        { title: t('template_count'), dataIndex: 'template_count', width: 100 },
        { title: t('sort'), dataIndex: 'sort', width: 80 },
        {
          title: t('enabled'),
          dataIndex: 'enabled',
          width: 90,
          render: (v: boolean) => <Tag color={v ? 'green' : undefined}>{t(v ? 'enabled_yes' : 'enabled_no')}</Tag>,
        },
        {
          title: t('common:actions'),
          width: 160,
          render: (_: unknown, row) => (
            <RowActions
              onEdit={() => state.openEdit.mutate(row.id)}
              editLabel={t('edit')}
              editTestId={`category-edit-${row.id}`}
              remove={{
                confirm: t('category_delete_confirm', { name: row.name }),
                onConfirm: () => state.remove.mutate(row.id),
                testId: `category-delete-${row.id}`,
              }}
            />
          ),
        },
      ]}
    >
      <CategoryFormModal
        key={editing.seq}
        open={editing.open}
        category={editing.category}
        onClose={() => setEditing((e) => ({ ...e, open: false, category: undefined }))}
      />
    </ListScaffold>
  );
}
