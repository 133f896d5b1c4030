import type { TAnnouncement } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import {
  ANNOUNCEMENTS_KEY,
  announcementsQuery,
  createAnnouncement,
  deleteAnnouncement,
  siteOptionsQuery,
  updateAnnouncement,
} from './queries.ts';

interface AnnouncementFormValues {
  title: string;
  content: string;
  site_id: number | null;
}

/** Announcements of the message center: for one organisation or for all. */
export function AnnouncementsTab() {
  const { t } = useTranslation(['system-admin', 'common']);
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>({}, 20);
  const [editing, setEditing] = useState<{ open: boolean; seq: number; row?: TAnnouncement }>({
    open: false,
    seq: 0,
  });
  const list = useQuery({
    ...announcementsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteAnnouncement,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY }),
    onError: showError,
  });
  return (
    <>
      <ListToolbar
        actions={
          <CreateButton
            label={t('announcement_create')}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            testId="announcement-create"
          />
        }
      >
        <SearchInput placeholder={t('announcement_search')} onSearch={(keyword) => refilter({ keyword })} />
      </ListToolbar>
      <Table<TAnnouncement>
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.list}
        data-testid="announcement-table"
        pagination={serverPagination(t, paging, list.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('announcement_title'), dataIndex: 'title', width: 200 },
          { title: t('announcement_content'), dataIndex: 'content', ellipsis: true },
          {
            title: t('scope'),
            dataIndex: 'site_name',
            width: 140,
            render: (name: string | null) => name ?? <Tag color="blue">{t('all_sites')}</Tag>,
          },
          { title: t('published_at'), dataIndex: 'published_at', width: 160, render: formatTime },
          { title: t('created_by'), dataIndex: 'created_by', width: 120, render: (v: string | null) => v ?? '—' },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, row }))}
                >
                  {t('edit')}
                </Button>
                <Popconfirm title={t('delete_confirm', { name: row.title })} onConfirm={() => remove.mutate(row.id)}>
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <AnnouncementFormModal
        key={editing.seq}
        open={editing.open}
        row={editing.row}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </>
  );
}

function AnnouncementFormModal({ open, row, onClose }: { open: boolean; row?: TAnnouncement; onClose: () => void }) {
  const { t } = useTranslation(['system-admin', 'common', 'validation']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<AnnouncementFormValues>();
  const sites = useQuery({
    ...siteOptionsQuery(),
    enabled: open,
    staleTime: 60_000,
  });
  const save = useMutation({
    mutationFn: (values: AnnouncementFormValues) => {
      const fields = { title: values.title, content: values.content ?? '', site_id: values.site_id ?? null };
      return row ? updateAnnouncement({ id: row.id, ...fields }) : createAnnouncement(fields);
    },
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    },
    onError: (error) => {
      const onFields = fieldErrorsOf(error, ['title', 'content', 'site_id'] as const);
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });
  return (
    <Modal
      open={open}
      title={row ? t('announcement_edit') : t('announcement_create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, ...{ 'data-testid': 'announcement-save' } }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<AnnouncementFormValues>
          form={form}
          layout="vertical"
          initialValues={{ title: row?.title ?? '', content: row?.content ?? '', site_id: row?.site_id ?? null }}
          onFinish={(values) => save.mutate(values)}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="title"
        label={t('announcement_title')}
        rules={[
          { required: true, whitespace: true, message: t('validation:required') },
          { max: 100, message: t('validation:too_long') },
        ]}
      >
        <Input maxLength={100} showCount data-testid="announcement-form-title" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('announcement_content')}
        rules={[{ max: 255, message: t('validation:too_long') }]}
      >
        <Input.TextArea rows={4} maxLength={255} showCount />
      </Form.Item>
      <Form.Item name="site_id" label={t('scope')}>
        <Select
          loading={sites.isLoading}
          options={[
            { value: null, label: t('all_sites') },
            ...(sites.data?.list ?? []).map((site) => ({ value: site.id, label: site.name })),
          ]}
        />
      </Form.Item>
    </Modal>
  );
}
