import type { TUserTagRow } from '@app/contracts';
import { GROUP_LIMITS } from '@app/contracts/procedures/groups.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Form, Input, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../shared/form-rules.ts';
import { formatTime } from '../../../shared/format.ts';
import { CreateButton, SearchInput } from '../../../shared/ListToolbar.tsx';
import { createUserTag, deleteUserTag, updateUserTag, userTagsQuery } from '../queries.ts';

/** User tags of the organisation (annotation): create, rename, delete, with how many members carry each. */
export function UserTagsTab() {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [editing, setEditing] = useState<TUserTagRow | 'new' | null>(null);
  const tags = useQuery({
    ...userTagsQuery(keyword),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['groups', 'tags'] });
  const remove = useMutation({
    mutationFn: deleteUserTag,
    onSuccess: () => void message.success(t('deleted')),
    onSettled: refresh,
  });
  return (
    <>
      <div className="mysite-toolbar">
        <SearchInput placeholder={t('search_tags')} width={240} onSearch={setKeyword} />
        <CreateButton label={t('create_tag')} onClick={() => setEditing('new')} testId="tag-create" />
      </div>
      <Table<TUserTagRow>
        rowKey="id"
        data-testid="tag-table"
        loading={tags.isFetching}
        dataSource={tags.data?.list}
        locale={{ emptyText: tags.isLoading ? t('common:loading') : t('empty_tags') }}
        pagination={false}
        columns={[
          { title: t('tag_name'), dataIndex: 'name', ellipsis: true },
          { title: t('col_tag_users'), dataIndex: 'user_count', width: 100, align: 'right' },
          { title: t('col_created'), dataIndex: 'created_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 160,
            render: (_, row) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  {t('rename')}
                </Button>
                <Popconfirm
                  title={t('tag_delete_confirm')}
                  okText={t('delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('common:cancel')}
                  onConfirm={() =>
                    remove.mutateAsync(row.id).then(
                      () => undefined,
                      () => undefined,
                    )
                  }
                >
                  <Button type="link" size="small" danger>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {editing !== null && (
        <TagFormModal
          tag={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
    </>
  );
}

function TagFormModal({
  tag,
  onClose,
  onSaved,
}: {
  tag: TUserTagRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const max = GROUP_LIMITS.tagName;
  const save = useMutation({
    mutationFn: ({ name }: { name: string }) =>
      tag ? updateUserTag({ id: tag.id, name: name.trim() }) : createUserTag(name.trim()),
    onSuccess: () => {
      void message.success(t(tag ? 'saved' : 'created'));
      onSaved();
    },
    onError: (error) => form.setFields(fieldErrorsOf(error, ['name'] as const)),
  });
  return (
    <Modal
      open
      title={t(tag ? 'edit_tag' : 'create_tag')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={{ name: tag?.name ?? '' }} onFinish={(v) => save.mutate(v)}>
        <Form.Item
          name="name"
          label={t('tag_name')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                if (length < 1 || length > max) throw new Error(t('tag_name_length', { max }));
              },
            },
          ]}
        >
          <Input autoFocus showCount maxLength={max} data-testid="tag-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
