import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { AnnouncementsTab } from './AnnouncementsTab.tsx';
import { DictsTab } from './DictsTab.tsx';
import { SettingsTab } from './SettingsTab.tsx';

const TABS = ['settings', 'dicts', 'announcements'] as const;

/**
 * System settings (`/system/setting`): setting entries, dictionaries and announcements, one tab each; above the tabs,
 * the API reference (`/api/docs`, served by the server to platform administrators) in a new tab.
 */
export function SystemSettingPage() {
  const { t } = useTranslation(['system-admin', 'common']);
  const navigate = useNavigate();
  const hash = useLocation().hash.slice(1);
  const active = (TABS as readonly string[]).includes(hash) ? hash : 'settings';
  return (
    // The link sits in the card's header, not in the tab bar: a tablist may hold only tabs (screen readers).
    <Card
      extra={
        <Typography.Link href="/api/docs" target="_blank" rel="noopener" data-testid="api-reference-link">
          {t('api_reference')}
        </Typography.Link>
      }
    >
      <Tabs
        activeKey={active}
        onChange={(key) => navigate({ hash: key }, { replace: true })}
        destroyOnHidden
        items={[
          { key: 'settings', label: t('tab_settings'), children: <SettingsTab /> },
          { key: 'dicts', label: t('tab_dicts'), children: <DictsTab /> },
          { key: 'announcements', label: t('tab_announcements'), children: <AnnouncementsTab /> },
        ]}
        data-testid="system-setting-tabs"
      />
    </Card>
  );
}
