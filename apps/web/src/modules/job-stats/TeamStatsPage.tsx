import { Card, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TeamDailyTab } from './TeamDailyTab.tsx';
import { TeamUsersTab } from './TeamUsersTab.tsx';

const TABS = ['users', 'daily'] as const;

/**
 * `/production/stats`: team performance per operator and per day (`/stat/users`, `/stat/daily`). Without the team
 * statistics permission the server answers `forbidden` and each tab shows a 403-like empty state.
 */
export function TeamStatsPage() {
  const { t } = useTranslation('job-stats');
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((x) => x === params.get('tab')) ?? 'users';
  return (
    <Card>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'users' ? {} : { tab: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'users', label: t('tab_users'), children: <TeamUsersTab /> },
          { key: 'daily', label: t('tab_daily'), children: <TeamDailyTab /> },
        ]}
        data-testid="stat-team-tabs"
      />
    </Card>
  );
}
