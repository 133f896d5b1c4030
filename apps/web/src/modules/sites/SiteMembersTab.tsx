import type { TMemberRow } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Result, Select, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../shared/api.ts';
import { EmailText } from '../../shared/EmailText.tsx';
import { formatTime } from '../../shared/format.ts';
import { SearchInput } from '../../shared/ListToolbar.tsx';
import { serverPagination } from '../../shared/list-paging.ts';
import { useListFilter } from '../../shared/use-list-filter.ts';
import { siteMembersQuery } from './queries.ts';

/** One organisation's members (`/site/members`), with the look of the organisational structure page. */
export function SiteMembersTab({ siteId }: { siteId: number }) {
  const { t } = useTranslation(['sites', 'role-names', 'common']);
  const { filter, refilter, paging, setPaging } = useListFilter<{ keyword?: string; status?: 'active' | 'pending' }>();
  const members = useQuery({
    ...siteMembersQuery(siteId, filter, paging),
    placeholderData: keepPreviousData,
  });
  if (members.isError && !members.data) {
    return (
      <Result
        status="error"
        title={t('detail_load_failed')}
        subTitle={errorMessage(members.error)}
        extra={<Button onClick={() => members.refetch()}>{t('retry')}</Button>}
      />
    );
  }
  return (
    <div data-testid="site-members">
      <Space wrap style={{ marginBottom: 16 }}>
        <SearchInput
          placeholder={t('members_search')}
          width={280}
          onSearch={(keyword) => refilter({ keyword })}
          testId="site-member-search"
        />
        <Select
          allowClear
          placeholder={t('status')}
          aria-label={t('status')}
          style={{ width: 140 }}
          onChange={(status?: 'active' | 'pending') => refilter({ status })}
          options={[
            { value: 'active', label: t('member_status_active') },
            { value: 'pending', label: t('member_status_pending') },
          ]}
        />
      </Space>
      <Table<TMemberRow>
        rowKey="id"
        loading={members.isFetching}
        dataSource={members.data?.list}
        locale={{ emptyText: members.isLoading ? t('common:loading') : t('members_empty') }}
        pagination={serverPagination(t, paging, members.data?.total ?? 0, setPaging)}
        columns={[
          { title: t('user_id'), dataIndex: 'user_id', width: 90 },
          { title: t('username'), dataIndex: 'username' },
          { title: t('nickname'), dataIndex: 'nickname' },
          { title: t('email'), dataIndex: 'email', render: (v: string | null) => <EmailText value={v} /> },
          { title: t('mobile'), dataIndex: 'mobile', render: (v: string | null) => v ?? '—' },
          {
            title: t('roles'),
            dataIndex: 'roles',
            render: (roles: string[]) =>
              roles.map((r) => <Tag key={r}>{t(`role-names:${r}`, { defaultValue: r })}</Tag>),
          },
          {
            title: t('status'),
            dataIndex: 'status',
            width: 100,
            render: (s: string) => <Tag color={s === 'active' ? 'green' : 'orange'}>{t(`member_status_${s}`)}</Tag>,
          },
          { title: t('joined_at'), dataIndex: 'joined_at', width: 160, render: formatTime },
        ]}
      />
    </div>
  );
}
