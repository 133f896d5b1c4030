import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { pendingQuery } from '../queries.ts';
import { InvitationsTab } from './InvitationsTab.tsx';
import { PendingTab } from './PendingTab.tsx';
import { TeamGroupsTab } from './TeamGroupsTab.tsx';
import { TeamSettingsTab } from './TeamSettingsTab.tsx';
import { UserTagsTab } from './UserTagsTab.tsx';
import './my-site.css';

const TABS = ['invitations', 'pending', 'teams', 'tags', 'settings'] as const;
type Tab = (typeof TABS)[number];

/** The tab a route names; no tab, or an unknown one, is the invitations tab. */
export function tabOf(param: string | undefined): Tab {
  return TABS.find((tab) => tab === param) ?? 'invitations';
}

/**
 * `/mysite/{tab?}/{id?}` (module 8): the manager's own organisation. Invitation links (with `id`, the link
 * whose details open) and the people who signed up through them and wait for approval.
 */
export function MySitePage() {
  const { t } = useTranslation(['my-site', 'groups']);
  const navigate = useNavigate();
  const params = useParams();
  const tab = tabOf(params.tab);
  const detailId = tab === 'invitations' && params.id && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const pending = useQuery(pendingQuery({ page: 1, pageSize: 10 }));
  return (
    <Card data-testid="mysite-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(`/mysite/${key}`)}
        items={[
          {
            key: 'invitations',
            label: <span data-testid="mysite-tab-invitations">{t('tab_invitations')}</span>,
            children: <InvitationsTab initialDetailId={detailId} />,
          },
          {
            key: 'pending',
            label: (
              <span data-testid="mysite-tab-pending">
                {t('tab_pending')}
                <Badge count={pending.data?.total ?? 0} size="small" offset={[6, -2]} />
              </span>
            ),
            children: <PendingTab />,
          },
          {
            key: 'teams',
            label: <span data-testid="mysite-tab-teams">{t('groups:tab_teams')}</span>,
            children: <TeamGroupsTab />,
          },
          {
            key: 'tags',
            label: <span data-testid="mysite-tab-tags">{t('groups:tab_tags')}</span>,
            children: <UserTagsTab />,
          },
          {
            key: 'settings',
            label: <span data-testid="mysite-tab-settings">{t('tab_settings')}</span>,
            children: <TeamSettingsTab />,
          },
        ]}
      />
    </Card>
  );
}
