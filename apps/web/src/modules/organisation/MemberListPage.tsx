import type { TMemberRow } from '@app/contracts';
import { ROLE_KEYS } from '@app/contracts/navigation/index.ts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Input, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';

/** Organisational structure (`/user/mylist`): the organisation's members with roles, search and filters. */
export function MemberListPage() {
  const { t } = useTranslation(['members', 'roles', 'common']);
  const [filter, setFilter] = useState<{ keyword?: string; role?: string; status?: 'active' | 'pending' }>({});
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 as 10 | 20 | 50 | 100 });
  const members = useQuery({
    queryKey: ['members', filter, paging],
    queryFn: ({ signal }) => api('/user/mylist', { ...filter, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  const update = (next: typeof filter) => {
    setFilter(next);
    setPaging((p) => ({ ...p, page: 1 }));
  };
  return (
    <Card>
      <Space wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          placeholder={t('search_placeholder')}
          onSearch={(keyword) => update({ ...filter, keyword: keyword || undefined })}
          style={{ width: 260 }}
          data-testid="member-search"
        />
        <Select
          allowClear
          placeholder={t('role')}
          style={{ width: 180 }}
          onChange={(role?: string) => update({ ...filter, role })}
          options={ROLE_KEYS.map((key) => ({ value: key, label: t(`roles:${key}`) }))}
        />
        <Select
          allowClear
          placeholder={t('status')}
          style={{ width: 140 }}
          onChange={(status?: 'active' | 'pending') => update({ ...filter, status })}
          options={[
            { value: 'active', label: t('status_active') },
            { value: 'pending', label: t('status_pending') },
          ]}
        />
      </Space>
      <Table<TMemberRow>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data?.list}
        scroll={{ y: 'calc(100vh - 275px)' }}
        locale={{ emptyText: t('empty') }}
        pagination={{
          current: paging.page,
          pageSize: paging.pageSize,
          total: members.data?.total ?? 0,
          pageSizeOptions: [10, 20, 50, 100],
          showSizeChanger: true,
          showQuickJumper: true,
          showTotal: (n) => t('common:total', { count: n }),
          onChange: (page, pageSize) => setPaging({ page, pageSize: pageSize as 10 | 20 | 50 | 100 }),
        }}
        columns={[
          { title: t('user_id'), dataIndex: 'user_id', width: 90 },
          { title: t('username'), dataIndex: 'username' },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('email'), dataIndex: 'email', render: (v: string | null) => v ?? '—' },
          { title: t('mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
          {
            title: t('role'),
            dataIndex: 'roles',
            render: (roles: string[]) => roles.map((r) => <Tag key={r}>{t(`roles:${r}`, { defaultValue: r })}</Tag>),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <Tag color={s === 'active' ? 'green' : 'orange'}>{t(`status_${s}`)}</Tag>,
          },
          { title: t('joined_at'), dataIndex: 'joined_at', width: 160, render: formatTime },
        ]}
      />
    </Card>
  );
}
