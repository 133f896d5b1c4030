import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TPlatformUserDetail, TUserRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Result, Skeleton, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, api, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { serverPagination } from '../../shared/list-paging.ts';

const TABS = ['info', 'organisations', 'records'] as const;
type Tab = (typeof TABS)[number];

/** `/user/detail/{tab?}/{id?}`: the tab, and the user id (also accepted in the tab's place). */
function detailParams(params: { tab?: string; id?: string }): { tab: Tab; id: number | null } {
  const raw = params.id ?? (params.tab && /^\d+$/.test(params.tab) ? params.tab : undefined);
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return { tab: TABS.find((tab) => tab === params.tab) ?? 'info', id: id && id > 0 ? id : null };
}

function InfoTab({ detail }: { detail: TPlatformUserDetail }) {
  const { t } = useTranslation('platform-users');
  const { info } = detail;
  const dash = (v: string | null) => v ?? '—';
  return (
    <Descriptions bordered column={{ xs: 1, md: 2 }} size="small">
      <Descriptions.Item label={t('id')}>{info.id}</Descriptions.Item>
      <Descriptions.Item label={t('username')}>{info.username}</Descriptions.Item>
      <Descriptions.Item label={t('nickname')}>{info.nickname}</Descriptions.Item>
      <Descriptions.Item label={t('real_name')}>{dash(info.real_name)}</Descriptions.Item>
      <Descriptions.Item label={t('email')}>{dash(info.email)}</Descriptions.Item>
      <Descriptions.Item label={t('mobile')}>{dash(info.mobile)}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <Tag color={info.status === 'active' ? 'green' : 'red'}>{t(`status_${info.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('created_at')}>{formatTime(info.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('last_login_at')}>{formatTime(info.last_login_at)}</Descriptions.Item>
    </Descriptions>
  );
}

function OrganisationsTab({ detail }: { detail: TPlatformUserDetail }) {
  const { t } = useTranslation(['platform-users', 'roles']);
  const roleLabel = (key: string) => t(`roles:${key}`, { defaultValue: key });
  return (
    <Table
      rowKey="site_id"
      size="small"
      pagination={false}
      dataSource={detail.organisations}
      locale={{ emptyText: t('empty') }}
      columns={[
        {
          title: t('organisation'),
          dataIndex: 'site_name',
          render: (name: string, row) => <Link to={`/site/detail/info/${row.site_id}`}>{name}</Link>,
        },
        {
          title: t('membership_status'),
          dataIndex: 'status',
          render: (status: string) => t(`membership_${status}`),
        },
        {
          title: t('roles'),
          dataIndex: 'roles',
          render: (roles: string[], row) =>
            roles.map((key) => (
              <Tag key={key} color={key === row.current_role ? 'blue' : undefined}>
                {roleLabel(key)}
              </Tag>
            )),
        },
        { title: t('joined_at'), dataIndex: 'joined_at', render: (v: string) => formatTime(v) },
      ]}
    />
  );
}

function RecordsTab({ userId }: { userId: number }) {
  const { t } = useTranslation(['platform-users', 'common']);
  const [paging, setPaging] = useState({ page: 1, pageSize: 10 as 10 | 20 | 50 | 100 });
  const records = useQuery({
    queryKey: ['platform-user-records', userId, paging],
    queryFn: ({ signal }) => api('/user/records', { user_id: userId, ...paging }, { signal }),
    placeholderData: keepPreviousData,
  });
  return (
    <Table<TUserRecord>
      rowKey="id"
      size="small"
      loading={records.isFetching}
      dataSource={records.data?.list}
      locale={{ emptyText: t('empty') }}
      pagination={serverPagination(t, paging, records.data?.total ?? 0, setPaging)}
      columns={[
        { title: t('time'), dataIndex: 'created_at', width: 170, render: (v: string) => formatTime(v) },
        { title: t('action'), dataIndex: 'action' },
        {
          title: t('by'),
          dataIndex: 'actor_username',
          render: (v: string | null, row) => (row.kind === 'self' ? t('by_self') : (v ?? '—')),
        },
        { title: t('organisation'), dataIndex: 'site_name', render: (v: string | null) => v ?? '—' },
        { title: t('ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '—' },
      ]}
    />
  );
}

/** One account across the platform: information, organisations with roles, records. */
export function UserDetailPage() {
  const { t } = useTranslation(['platform-users', 'common']);
  const params = detailParams(useParams());
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['platform-user-detail', params.id],
    queryFn: ({ signal }) => api('/user/platform-detail', { user_id: params.id ?? 0 }, { signal }),
    enabled: params.id !== null,
  });
  const back = (
    <Tooltip title={t('back_to_list')}>
      <Link to="/user/list" aria-label={t('back_to_list')}>
        <ArrowLeftOutlined />
      </Link>
    </Tooltip>
  );
  if (params.id === null || (detail.error instanceof ApiError && detail.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('not_found')} extra={<Link to="/user/list">{t('back_to_list')}</Link>} />
      </Card>
    );
  }
  if (detail.isError && !detail.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('load_failed')}
          subTitle={errorMessage(detail.error)}
          extra={<Button onClick={() => detail.refetch()}>{t('retry')}</Button>}
        />
      </Card>
    );
  }
  if (!detail.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const id = params.id;
  return (
    <Card
      title={
        <Space wrap>
          {back}
          <span data-testid="platform-user-title">
            {detail.data.info.nickname} ({detail.data.info.username})
          </span>
        </Space>
      }
    >
      <Tabs
        activeKey={params.tab}
        onChange={(key) => void navigate(`/user/detail/${key}/${id}`, { replace: true })}
        items={[
          { key: 'info', label: t('tab_info'), children: <InfoTab detail={detail.data} /> },
          {
            key: 'organisations',
            label: t('tab_organisations'),
            children: <OrganisationsTab detail={detail.data} />,
          },
          { key: 'records', label: t('tab_records'), children: <RecordsTab userId={id} /> },
        ]}
      />
    </Card>
  );
}
