import type { TGroupRow } from '@app/contracts';
import { ZGroupDescription, ZGroupName } from '@app/contracts/procedures/roles.ts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  type ButtonProps,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Spin,
  Table,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { formatTime } from '../../shared/format.ts';
import { CreateButton, ListToolbar, SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { createGroup, deleteGroup, groupDetailQuery, groupsQuery, updateGroup, useAccessChanged } from './queries.ts';
import { RoleTags } from './RoleTags.tsx';

/** Role groups (`/system/group`): search, create and edit in a modal, delete; each row lists its roles. */
export function GroupListPage() {
  const { t } = useTranslation(['roles', 'common']);
  const { message } = App.useApp();
  const changed = useAccessChanged();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  // `seq` remounts the form for every opening, so it starts from the group's current values.
  const [editing, setEditing] = useState<{ open: boolean; seq: number; group?: TGroupRow }>({ open: false, seq: 0 });
  const groups = useQuery({
    ...groupsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
  });

  if (groups.isError && !groups.data) return <LoadFailed error={groups.error} onRetry={() => groups.refetch()} />;

  return (
    <Card>
      <ListToolbar
        actions={
          <CreateButton
            label={t('create_group')}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            testId="group-create"
          />
        }
      >
        <SearchInput
          placeholder={t('search_group')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="group-search"
        />
      </ListToolbar>
      <Table<TGroupRow>
        rowKey="id"
        loading={groups.isFetching}
        dataSource={groups.data?.list}
        locale={{ emptyText: groups.isLoading ? t('common:loading') : t('empty') }}
        data-testid="group-table"
        expandable={{
          expandedRowRender: (row) => <GroupRoles id={row.id} />,
          rowExpandable: (row) => row.role_count > 0,
        }}
        pagination={serverPagination(t, paging, groups.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('name'), dataIndex: 'name', width: 220 },
          {
            title: t('description'),
            dataIndex: 'description',
            ellipsis: true,
            render: (v: string) => v || '—',
          },
          { title: t('role_count'), dataIndex: 'role_count', width: 90 },
          { title: t('created_at'), dataIndex: 'created_at', width: 160, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 140,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1, group: row }))}
                  data-testid={`group-edit-${row.id}`}
                >
                  {t('edit')}
                </Button>
                <Popconfirm
                  title={t('delete_group_confirm', { name: row.name })}
                  okText={t('common:confirm')}
                  cancelText={t('common:cancel')}
                  okButtonProps={{ danger: true, loading: remove.isPending }}
                  onConfirm={() => remove.mutateAsync(row.id).catch(() => {})}
                >
                  <Button type="link" size="small" danger data-testid={`group-delete-${row.id}`}>
                    {t('delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <GroupFormModal
        key={editing.seq}
        open={editing.open}
        group={editing.group}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Card>
  );
}

function GroupRoles({ id }: { id: number }) {
  const { t } = useTranslation('roles');
  const detail = useQuery(groupDetailQuery(id));
  if (!detail.data) return <Spin size="small" />;
  return (
    <Space wrap>
      <Typography.Text type="secondary">{t('group_roles')}:</Typography.Text>
      {detail.data.roles.length ? <RoleTags roles={detail.data.roles} /> : t('no_roles')}
    </Space>
  );
}

interface GroupValues {
  name: string;
  description: string;
}

function GroupFormModal({ open, group, onClose }: { open: boolean; group?: TGroupRow; onClose: () => void }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<GroupValues>();
  const changed = useAccessChanged();
  const save = useMutation({
    mutationFn: (values: GroupValues) => {
      const fields = { name: values.name.trim(), description: values.description.trim() };
      return group ? updateGroup({ id: group.id, ...fields }) : createGroup(fields);
    },
    onSuccess: async () => {
      void message.success(t('saved'));
      await changed();
      onClose();
    },
    onError: (error) => {
      showError(error);
      form.setFields(fieldErrorsOf(error, ['name', 'description'] as const));
    },
  });
  return (
    <Modal
      open={open}
      title={group ? t('edit_group') : t('create_group')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'group-save' } as ButtonProps}
      destroyOnHidden
    >
      <Form<GroupValues>
        form={form}
        layout="vertical"
        initialValues={{ name: group?.name ?? '', description: group?.description ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item name="name" label={t('name')} required rules={[zodRule(ZGroupName, t, t('rule_group_name'))]}>
          <Input maxLength={64} data-testid="group-name" />
        </Form.Item>
        <Form.Item
          name="description"
          label={t('description')}
          rules={[zodRule(ZGroupDescription, t, t('rule_group_description'))]}
        >
          <Input.TextArea rows={3} maxLength={255} showCount data-testid="group-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
