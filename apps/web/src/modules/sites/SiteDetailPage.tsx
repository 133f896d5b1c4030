import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import type { TSiteDetail } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Descriptions,
  Result,
  Row,
  Skeleton,
  Space,
  Statistic,
  Tabs,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError, errorMessage } from '../../shared/api.ts';
import { formatTime } from '../../shared/format.ts';
import { siteDetailQuery } from './queries.ts';
import { SiteFormModal } from './SiteFormModal.tsx';
import { SiteLogoField } from './SiteLogoField.tsx';
import { SiteMembersTab } from './SiteMembersTab.tsx';
import { SiteSettingsForm } from './SiteSettingsForm.tsx';
import { ServiceTypeTag, SiteDeleteButton, SiteStatusButton, SiteStatusTag } from './site-actions.tsx';
import './sites.css';

const TABS = ['info', 'members', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** `/site/detail/{tab?}/{id?}`: the tab and the organisation id; `/site/detail/<id>` opens the info tab. */
export function detailParams(params: { tab?: string; id?: string }): { tab: Tab; id: number | null } {
  const raw = params.id ?? (params.tab && /^\d+$/.test(params.tab) ? params.tab : undefined);
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  return { tab: TABS.find((tab) => tab === params.tab) ?? 'info', id: id && id > 0 ? id : null };
}

function BackLink({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('sites');
  return compact ? (
    <Tooltip title={t('back_to_list')}>
      <Link to="/site" aria-label={t('back_to_list')} data-testid="site-back">
        <ArrowLeftOutlined />
      </Link>
    </Tooltip>
  ) : (
    <Link to="/site" data-testid="site-back">
      <ArrowLeftOutlined /> {t('back_to_list')}
    </Link>
  );
}

function InfoTab({ site }: { site: TSiteDetail }) {
  const { t } = useTranslation(['sites', 'common']);
  return (
    <Row gutter={[24, 24]}>
      <Col xs={24} xl={14}>
        <Descriptions column={1} bordered size="small" styles={{ label: { width: 140 } }} data-testid="site-info">
          <Descriptions.Item label={t('id')}>{site.id}</Descriptions.Item>
          <Descriptions.Item label={t('name')}>{site.name}</Descriptions.Item>
          <Descriptions.Item label={t('name_en')}>{site.name_en || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('service_type')}>
            <ServiceTypeTag value={site.service_type} />
          </Descriptions.Item>
          <Descriptions.Item label={t('status')}>
            <SiteStatusTag status={site.status} />
          </Descriptions.Item>
          <Descriptions.Item label={t('domain')}>{site.domain || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('address')}>{site.address || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('period')}>
            {site.start_at || site.end_at ? `${formatTime(site.start_at)} ~ ${formatTime(site.end_at)}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('managers')}>
            {site.managers.length
              ? site.managers.map((m) => (
                  <Tag key={m.user_id}>
                    {m.nickname} ({m.username})
                  </Tag>
                ))
              : t('no_managers')}
          </Descriptions.Item>
          <Descriptions.Item label={t('remarks')}>{site.remarks || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('created_at')}>{formatTime(site.created_at)}</Descriptions.Item>
        </Descriptions>
      </Col>
      <Col xs={24} xl={10}>
        <Space orientation="vertical" size={24} style={{ width: '100%' }}>
          <Row gutter={16}>
            <Col span={12}>
              <Card size="small">
                <Statistic title={t('members_active')} value={site.members.active} />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small">
                <Statistic title={t('members_pending')} value={site.members.pending} />
              </Card>
            </Col>
          </Row>
          <SiteLogoField siteId={site.id} kind="logo" current={site.logo} />
          <SiteLogoField siteId={site.id} kind="icon_logo" current={site.icon_logo} />
        </Space>
      </Col>
    </Row>
  );
}

/** One organisation (`/site/detail/{tab?}/{id?}`): information and logos, members, settings. */
export function SiteDetailPage() {
  const { t } = useTranslation(['sites', 'common']);
  const navigate = useNavigate();
  const params = detailParams(useParams());
  const [tab, setTab] = useState<Tab>(params.tab);
  const [editing, setEditing] = useState({ open: false, seq: 0 });
  const site = useQuery({ ...siteDetailQuery(params.id ?? 0), enabled: params.id !== null });

  if (params.id === null || (site.error instanceof ApiError && site.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('not_found')} extra={<BackLink />} data-testid="site-not-found" />
      </Card>
    );
  }
  if (site.isError && !site.data) {
    return (
      <Card>
        <Result
          status="error"
          title={t('detail_load_failed')}
          subTitle={errorMessage(site.error)}
          extra={
            <Space>
              <Button onClick={() => site.refetch()}>{t('retry')}</Button>
              <BackLink />
            </Space>
          }
        />
      </Card>
    );
  }
  if (!site.data) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const data = site.data;
  return (
    <Card
      title={
        <Space wrap>
          <BackLink compact />
          <span data-testid="site-title">{data.name}</span>
          {data.name_en && <Typography.Text type="secondary">{data.name_en}</Typography.Text>}
          <SiteStatusTag status={data.status} />
        </Space>
      }
      extra={
        <Space size={0} wrap>
          <Button
            type="link"
            icon={<EditOutlined />}
            onClick={() => setEditing((e) => ({ open: true, seq: e.seq + 1 }))}
            data-testid="site-edit"
          >
            {t('edit')}
          </Button>
          <SiteStatusButton site={data} />
          <SiteDeleteButton site={data} onDeleted={() => navigate('/site')} />
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        items={[
          { key: 'info', label: t('tab_info'), children: <InfoTab site={data} /> },
          { key: 'members', label: t('tab_members'), children: <SiteMembersTab siteId={data.id} /> },
          {
            key: 'settings',
            label: t('tab_settings'),
            children: <SiteSettingsForm key={JSON.stringify(data.settings)} site={data} />,
          },
        ]}
      />
      <SiteFormModal
        key={editing.seq}
        open={editing.open}
        site={data}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
    </Card>
  );
}
