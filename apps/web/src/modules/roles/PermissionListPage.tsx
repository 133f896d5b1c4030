import type { TPermissionRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, Form, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { showError } from '../../shared/query-client.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { CustomPermissionModal } from './CustomPermissionModal.tsx';
import { PermissionTextFields } from './PermissionTextFields.tsx';
import { allRolesQuery, deletePermission, permissionsQuery, updatePermission, useAccessChanged } from './queries.ts';
import { RoleTags } from './RoleTags.tsx';

/**
 * Permissions (`/system/permission`): the keys of the procedure catalogue and the custom ones, with the roles
 * holding each. Who holds a key is changed on the role; here a key gets a name and a description, and custom
 * keys are created and deleted.
 */
export function PermissionListPage() {
  const { t } = useTranslation(['roles', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; role?: string }>({}, 20);
  const [editing, setEditing] = useState<{ seq: number; permission?: TPermissionRow }>({ seq: 0 });
  const [creating, setCreating] = useState(0);
  const roles = useQuery(allRolesQuery());
  const { message } = App.useApp();
  const changed = useAccessChanged();
  const remove = useMutation({
    mutationFn: deletePermission,
    onSuccess: async () => {
      void message.success(t('deleted'));
      await changed();
    },
    onError: showError,
  });
  const permissions = useQuery({
    ...permissionsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });

  if (permissions.isError && !permissions.data) {
    return <LoadFailed error={permissions.error} onRetry={() => permissions.refetch()} />;
  }

  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('search_permission')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="permission-search"
        />
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('filter_role')}
          aria-label={t('filter_role')}
          style={{ width: 200 }}
          onChange={(role?: string) => refilter({ role })}
          options={(roles.data?.list ?? []).map((r) => ({ value: r.key, label: r.name }))}
          data-testid="permission-role-filter"
        />
        <Button type="primary" onClick={() => setCreating((n) => n + 1)} data-testid="permission-create">
          {t('create_permission')}
        </Button>
      </Space>
      <Table<TPermissionRow>
        rowKey="key"
        loading={permissions.isFetching}
        dataSource={permissions.data?.list}
        scroll={{ x: 1100, y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: permissions.isLoading ? t('common:loading') : t('empty') }}
        data-testid="permission-table"
        pagination={serverPagination(t, paging, permissions.data?.total ?? 0, setPaging)}
        columns={[
          {
            title: t('key'),
            dataIndex: 'key',
            width: 270,
            render: (key: string, row) => (
              <Space size={4}>
                <Typography.Text code>{key}</Typography.Text>
                {row.platform && (
                  <Tag color="purple" bordered={false}>
                    {t('platform')}
                  </Tag>
                )}
                {row.custom && (
                  <Tag color="green" bordered={false}>
                    {t('custom')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('name'), dataIndex: 'name', width: 180, ellipsis: true },
          { title: t('description'), dataIndex: 'description', ellipsis: true },
          {
            title: t('holders'),
            dataIndex: 'roles',
            width: 280,
            render: (holders: TPermissionRow['roles']) => <RoleTags roles={holders} />,
          },
          {
            title: t('common:actions'),
            key: 'actions',
            fixed: 'right',
            width: 130,
            render: (_, row) => (
              <Space size={0}>
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing((e) => ({ seq: e.seq + 1, permission: row }))}
                  data-testid={`permission-edit-${row.key}`}
                >
                  {t('edit')}
                </Button>
                {row.custom && (
                  <Popconfirm
                    title={t('delete_permission_confirm', { name: row.name })}
                    okText={t('common:confirm')}
                    cancelText={t('common:cancel')}
                    okButtonProps={{ danger: true, loading: remove.isPending }}
                    onConfirm={() => remove.mutateAsync(row.key)}
                  >
                    <Button type="link" size="small" danger data-testid={`permission-delete-${row.key}`}>
                      {t('delete')}
                    </Button>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
      {editing.permission && (
        <PermissionFormModal
          key={editing.seq}
          permission={editing.permission}
          onClose={() => setEditing((e) => ({ seq: e.seq }))}
        />
      )}
      {creating > 0 && <CustomPermissionModal key={creating} onClose={() => setCreating(0)} />}
    </Card>
  );
}

interface PermissionValues {
  name: string;
  description: string;
}

function PermissionFormModal({ permission, onClose }: { permission: TPermissionRow; onClose: () => void }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PermissionValues>();
  const changed = useAccessChanged();
  const save = useMutation({
    mutationFn: (values: PermissionValues) =>
      updatePermission({
        key: permission.key,
        name: values.name.trim(),
        description: values.description.trim(),
      }),
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
      open
      title={t('edit_permission')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<PermissionValues>
        form={form}
        layout="vertical"
        initialValues={{ name: permission.name, description: permission.description }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item label={t('key')}>
          <Typography.Text code>{permission.key}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{permission.summary}</Typography.Text>
          </div>
        </Form.Item>
        <PermissionTextFields testIdPrefix="permission" />
      </Form>
    </Modal>
  );
}
