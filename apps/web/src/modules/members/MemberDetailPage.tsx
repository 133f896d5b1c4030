import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { TMemberDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Descriptions, Space, Table, Tabs, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { detailFallback, detailParams } from '../../shared/detail-page.tsx';
import { formatTime } from '../../shared/format.ts';
import { MemberFormModal, ResetPasswordButton, ResetPasswordModal } from './MemberFormModal.tsx';
import { memberDetailQuery } from './queries.ts';

const TABS = ['info', 'logins', 'roles'] as const;
type Tab = (typeof TABS)[number];

function BackLink() {
  const { t } = useTranslation('members');
  return (
    <Tooltip title={t('back_to_list')}>
      <Link to="/user/mylist" aria-label={t('back_to_list')}>
        <ArrowLeftOutlined />
      </Link>
    </Tooltip>
  );
}

function InfoTab({ member }: { member: TMemberDetail }) {
  const { t } = useTranslation(['members', 'role-names']);
  const dash = (v: string | null) => v ?? '—';
  return (
    <Descriptions bordered column={{ xs: 1, md: 2 }} size="small">
      <Descriptions.Item label={t('user_id')}>{member.user_id}</Descriptions.Item>
      <Descriptions.Item label={t('username')}>{member.username}</Descriptions.Item>
      <Descriptions.Item label={t('nickname')}>{member.nickname}</Descriptions.Item>
      <Descriptions.Item label={t('real_name')}>{dash(member.real_name)}</Descriptions.Item>
      <Descriptions.Item label={t('email')}>{dash(member.email)}</Descriptions.Item>
      <Descriptions.Item label={t('mobile')}>{dash(member.mobile)}</Descriptions.Item>
      <Descriptions.Item label={t('status')}>
        <Tag color={member.status === 'active' ? 'green' : 'orange'}>{t(`status_${member.status}`)}</Tag>
      </Descriptions.Item>
      <Descriptions.Item label={t('account_status')}>
        <Space wrap>
          {t(`account_${member.account_status}`)}
          {member.account_shared && (
            <Tooltip title={t('account_shared_hint')}>
              <Tag data-testid="member-account-shared">{t('account_shared')}</Tag>
            </Tooltip>
          )}
        </Space>
      </Descriptions.Item>
      <Descriptions.Item label={t('joined_at')}>{formatTime(member.joined_at)}</Descriptions.Item>
      <Descriptions.Item label={t('created_at')}>{formatTime(member.created_at)}</Descriptions.Item>
      <Descriptions.Item label={t('last_login_at')}>{formatTime(member.last_login_at)}</Descriptions.Item>
      <Descriptions.Item label={t('current_role')}>
        {t(`role-names:${member.current_role}`, { defaultValue: member.current_role })}
      </Descriptions.Item>
    </Descriptions>
  );
}

/** One member of the organisation: information, sign-ins to this organisation and roles. */
export function MemberDetailPage() {
  const { t } = useTranslation(['members', 'role-names', 'common']);
  const params = detailParams(TABS, useParams()); // /manager/user/detail/{tab?}/{id?}
  const [tab, setTab] = useState<Tab>(params.tab);
  const [editing, setEditing] = useState({ open: false, seq: 0 });
  const [resetting, setResetting] = useState(false);
  const detail = useQuery({
    ...memberDetailQuery(params.id),
    enabled: params.id !== null,
  });

  const fallback = detailFallback(t, detail, params.id, '/user/mylist');
  if (fallback || !detail.data) return fallback;
  const member = detail.data;
  const roleLabel = (key: string) => t(`role-names:${key}`, { defaultValue: key });
  return (
    <Card
      title={
        <Space wrap>
          <BackLink />
          <span data-testid="member-title">
            {member.nickname} ({member.username})
          </span>
        </Space>
      }
      extra={
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<EditOutlined />}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
          >
            {t('edit')}
          </Button>
          <ResetPasswordButton member={member} onClick={() => setResetting(true)} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'info', label: t('tab_info'), children: <InfoTab member={member} /> },
          {
            key: 'logins',
            label: t('tab_logins'),
            children: (
              <Table
                size="small"
                rowKey={(row) => `${row.created_at}-${row.action}-${row.ip}`}
                dataSource={member.login_records}
                pagination={false}
                locale={{ emptyText: t('no_records') }}
                columns={[
                  { title: t('login_time'), dataIndex: 'created_at', render: formatTime },
                  {
                    title: t('login_action'),
                    dataIndex: 'action',
                    render: (action: string) => t(`action_${action}`, { defaultValue: action }),
                  },
                  { title: t('login_ip'), dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
                ]}
              />
            ),
          },
          {
            key: 'roles',
            label: t('tab_roles'),
            children: (
              <Space wrap>
                {member.roles.map((key) => (
                  <Tag key={key} color={key === member.current_role ? 'blue' : undefined}>
                    {roleLabel(key)}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
      <MemberFormModal
        key={editing.seq}
        open={editing.open}
        member={member}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <ResetPasswordModal member={resetting ? member : null} onClose={() => setResetting(false)} />
    </Card>
  );
}
