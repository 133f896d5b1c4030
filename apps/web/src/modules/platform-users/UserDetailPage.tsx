import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TPlatformUserDetail, TUserRecord } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Descriptions, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { detailFallback, detailParams } from '../../shared/detail-page.tsx';
import { formatTime } from '../../shared/format.ts';
import { serverPagination } from '../../shared/list-paging.ts';
import { platformUserDetailQuery, userRecordsQuery } from './queries.ts';

const TABS = ['info', 'organisations', 'records'] as const;

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
  const { t } = useTranslation(['platform-users', 'role-names']);
  const roleLabel = (key: string) => t(`role-names:${key}`, { defaultValue: key });
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
    ...userRecordsQuery(userId, paging),
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
  const params = detailParams(TABS, useParams()); // /user/detail/{tab?}/{id?}
  const navigate = useNavigate();
  const detail = useQuery({
    ...platformUserDetailQuery(params.id),
    enabled: params.id !== null,
  });
  const back = (
    <Tooltip title={t('back_to_list')}>
      <Link to="/user/list" aria-label={t('back_to_list')}>
        <ArrowLeftOutlined />
      </Link>
    </Tooltip>
  );
  const fallback = detailFallback(t, detail, params.id, '/user/list');
  if (fallback || !detail.data || params.id === null) return fallback;
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
