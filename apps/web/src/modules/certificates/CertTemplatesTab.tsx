import type { TCertTemplateRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Space, Table, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { ConfirmLink, CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CertTemplateModal } from './CertTemplateModal.tsx';
import { certTemplatesQuery, deleteCertTemplate, useCertsChanged } from './queries.ts';

/** The organisation's certificate templates: create, edit, delete (only while unused). */
export function CertTemplatesTab() {
  const { t } = useTranslation(['certificates', 'common']);
  const { message } = App.useApp();
  const changed = useCertsChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [form, setForm] = useState<{ open: boolean; seq: number; template?: TCertTemplateRow }>({
    open: false,
    seq: 0,
  });

  const list = useQuery({
    ...certTemplatesQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteCertTemplate,
    onSuccess: async () => {
      void message.success(t('template_deleted'));
      await changed();
    },
    onError: (error) => showError(error),
  });

  if (list.isError && !list.data) return <LoadFailed error={list.error} onRetry={() => list.refetch()} />;
  const openForm = (template?: TCertTemplateRow) => setForm((f) => ({ open: true, seq: f.seq + 1, template }));

  return (
    <>
      <ListToolbar
        actions={<CreateButton label={t('template_create')} onClick={() => openForm()} testId="cert-template-create" />}
      >
        <SearchInput placeholder={t('template_search')} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<TCertTemplateRow>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        locale={{ emptyText: list.isLoading ? t('common:loading') : t('template_empty') }}
        pagination={serverPagination(t, paging, list.data?.total, setPaging)}
        scroll={{ x: 900 }}
        data-testid="cert-template-table"
        columns={[
          { title: t('template_name'), dataIndex: 'name', width: 180 },
          { title: t('template_title'), dataIndex: 'title', width: 200 },
          { title: t('template_issuer'), dataIndex: 'issuer', render: (v: string) => v || '—' },
          {
            title: t('valid_months'),
            dataIndex: 'valid_months',
            width: 120,
            render: (v: number | null) => (v === null ? t('forever') : t('months', { count: v })),
          },
          { title: t('issued_count'), dataIndex: 'issued_count', width: 90 },
          { title: t('updated_at'), dataIndex: 'updated_at', width: 160, render: (v: string) => formatTime(v) },
          {
            title: t('common:actions'),
            width: 150,
            fixed: 'right',
            render: (_: unknown, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => openForm(row)}
                  data-testid={`cert-template-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                {row.issued_count > 0 ? (
                  <Tooltip title={t('template_in_use')}>
                    <Button type="link" size="small" danger disabled>
                      {t('delete')}
                    </Button>
                  </Tooltip>
                ) : (
                  <ConfirmLink
                    title={t('template_delete_confirm', { name: row.name })}
                    label={t('delete')}
                    cancelText={t('common:cancel')}
                    onConfirm={() => remove.mutateAsync(row.id)}
                    danger
                    testId={`cert-template-delete-${row.id}`}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <CertTemplateModal
        key={form.seq}
        open={form.open}
        template={form.template}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={() => {
          setForm((f) => ({ ...f, open: false }));
          void changed();
        }}
      />
    </>
  );
}
