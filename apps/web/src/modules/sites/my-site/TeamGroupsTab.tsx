import type { TClassGroupRow } from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Modal, Popconfirm, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../../shared/format.ts';
import { CreateButton, SearchInput } from '../../../shared/ListToolbar.tsx';
import type { PageSize } from '../../../shared/list-paging.ts';
import { useListFilter } from '../../../shared/use-list-filter.ts';
import { failureText, GroupFormModal, GroupMembersDrawer } from '../../groups/index.ts';
import { deleteGroup, groupAllMembersQuery, teamGroupsQuery, transferGroupMembers } from '../queries.ts';

/** Team groups (annotation team member management): create, rename, delete, members and batch transfer. */
export function TeamGroupsTab() {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string }>();
  const [editing, setEditing] = useState<TClassGroupRow | 'new' | null>(null);
  const [membersOf, setMembersOf] = useState<TClassGroupRow | null>(null);
  const [transferFrom, setTransferFrom] = useState<TClassGroupRow | null>(null);

  const teams = useQuery({
    ...teamGroupsQuery(filter, paging),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['groups'] });
  const remove = useMutation({
    mutationFn: deleteGroup,
    onSuccess: () => void message.success(t('deleted')),
    onSettled: refresh,
  });

  return (
    <>
      <div className="mysite-toolbar">
        <SearchInput placeholder={t('search_teams')} width={240} onSearch={(keyword) => refilter({ keyword })} />
        <CreateButton label={t('create_team')} onClick={() => setEditing('new')} testId="team-create" />
      </div>
      <Table<TClassGroupRow>
        rowKey="id"
        data-testid="team-table"
        loading={teams.isFetching}
        dataSource={teams.data?.list}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: teams.data?.total ?? 0,
          showTotal: (n) => t('common:total', { count: n }),
          onChange: (page, pageSize) => setPaging({ page, pageSize: pageSize as PageSize }),
        }}
        columns={[
          { title: t('col_name'), dataIndex: 'name', ellipsis: true },
          { title: t('members'), dataIndex: 'member_count', width: 90, align: 'right' },
          { title: t('col_created'), dataIndex: 'created_at', width: 170, render: formatTime },
          {
            title: t('common:actions'),
            key: 'actions',
            width: 300,
            render: (_, row) => (
              <Space size={0} wrap>
                <Button type="link" size="small" onClick={() => setMembersOf(row)}>
                  {t('members')}
                </Button>
                <Button type="link" size="small" onClick={() => setTransferFrom(row)} disabled={!row.member_count}>
                  {t('transfer')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing(row)}>
                  {t('rename')}
                </Button>
                <Popconfirm
                  title={t('team_delete_confirm')}
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
        <GroupFormModal
          kind="team"
          group={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            void refresh();
          }}
        />
      )}
      {membersOf && <GroupMembersDrawer group={membersOf} onClose={() => setMembersOf(null)} />}
      {transferFrom && (
        <TransferModal
          from={transferFrom}
          teams={teams.data?.list ?? []}
          onClose={() => setTransferFrom(null)}
          onDone={() => void refresh()}
        />
      )}
    </>
  );
}

/** Moves chosen members of one team group to another; who could not be moved is listed with the reason. */
function TransferModal({
  from,
  teams,
  onClose,
  onDone,
}: {
  from: TClassGroupRow;
  teams: readonly TClassGroupRow[];
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ to: number; users: number[] }>();
  const [failures, setFailures] = useState<string | null>(null);
  const members = useQuery(groupAllMembersQuery(from.id));
  const names = new Map((members.data?.list ?? []).map((m) => [m.user_id, m.nickname]));
  const transfer = useMutation({
    mutationFn: (values: { to: number; users: number[] }) =>
      transferGroupMembers({ from_group_id: from.id, to_group_id: values.to, user_ids: values.users }),
    onSuccess: (result) => {
      void message.success(t('transferred', { count: result.moved }));
      onDone();
      if (result.failures.length) setFailures(t('transfer_failures', { list: failureText(result.failures, names, t) }));
      else onClose();
    },
  });
  return (
    <Modal
      open
      title={t('transfer_title', { name: from.name })}
      okText={t('transfer')}
      cancelText={t('common:cancel')}
      confirmLoading={transfer.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {failures && <Alert type="warning" showIcon title={failures} style={{ marginBottom: 12 }} />}
      <Form form={form} layout="vertical" onFinish={(values) => transfer.mutate(values)}>
        <Form.Item name="to" label={t('transfer_to')} rules={[{ required: true, message: t('validation:required') }]}>
          <Select
            options={teams.filter((g) => g.id !== from.id).map((g) => ({ value: g.id, label: g.name }))}
            data-testid="transfer-to"
          />
        </Form.Item>
        <Form.Item
          name="users"
          label={t('transfer_users')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Select
            mode="multiple"
            loading={members.isLoading}
            optionFilterProp="label"
            options={(members.data?.list ?? []).map((m) => ({
              value: m.user_id,
              label: `${m.nickname} (${m.username})`,
            }))}
            data-testid="transfer-users"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
