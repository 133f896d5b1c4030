import { Breadcrumb, Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteModule } from './navigation.ts';
import type { OpenTab } from './use-open-tabs.ts';

/** Opened pages as tabs (close, close others, close all) and the breadcrumbs of the current one. */
export function TabBar({
  tabs,
  onClose,
  homePath,
}: {
  tabs: OpenTab[];
  onClose: (keys: string[]) => void;
  homePath: string;
}) {
  const { t } = useTranslation(['shell', 'menu']);
  const location = useLocation();
  const navigate = useNavigate();
  const activeKey = `${location.pathname}${location.search}`;
  const titleOf = (name: string) => {
    const found = findRouteModule(name);
    return found ? t(`menu:${found.route.titleKey}`) : name;
  };
  const close = (keys: string[]) => {
    onClose(keys);
    if (keys.includes(activeKey)) {
      const rest = tabs.filter((tab) => !keys.includes(tab.key));
      navigate(rest.at(-1)?.key ?? homePath);
    }
  };
  const current = tabs.find((tab) => tab.key === activeKey);
  const found = current && findRouteModule(current.name);
  return (
    <div className="tab-bar">
      <Tabs
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onChange={(key) => navigate(key)}
        onEdit={(key, action) => action === 'remove' && close([String(key)])}
        items={tabs.map((tab) => ({ key: tab.key, label: titleOf(tab.name), closable: tabs.length > 1 }))}
        tabBarExtraContent={
          <Dropdown
            menu={{
              items: [
                { key: 'others', label: t('close_others') },
                { key: 'all', label: t('close_all') },
              ],
              onClick: ({ key }) =>
                close(
                  key === 'all'
                    ? tabs.map((tab) => tab.key)
                    : tabs.filter((tab) => tab.key !== activeKey).map((tab) => tab.key),
                ),
            }}
          >
            <Button type="link" size="small" className="tab-bar-more" data-testid="tab-actions">
              {t('tab_actions')}
            </Button>
          </Dropdown>
        }
      />
      {found && (
        <Breadcrumb
          className="breadcrumbs"
          items={[{ title: t(`menu:${found.module.titleKey}`) }, { title: t(`menu:${found.route.titleKey}`) }]}
        />
      )}
    </div>
  );
}
