import { CloseOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { findRouteModule } from './navigation.ts';
import type { OpenTab } from './use-open-tabs.ts';

/**
 * Opened pages as tabs (close, close others, close all) and the breadcrumbs of the current one. A tab's close mark is
 * for the mouse and hidden from assistive technology (a tab list holds tabs only, and a tab holds no other control);
 * the actions menu beside the list closes this tab, the others or all, by keyboard too.
 */
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
      {/* The actions stay outside the tab list: a list of tabs holds tabs only (WAI-ARIA, axe). */}
      <div className="tab-bar-row">
        <Tabs
          type="card"
          size="small"
          activeKey={activeKey}
          onChange={(key) => navigate(key)}
          items={tabs.map((tab) => ({
            key: tab.key,
            label: (
              <span className="tab-bar-label">
                {titleOf(tab.name)}
                {tabs.length > 1 && (
                  <CloseOutlined
                    aria-hidden
                    className="tab-bar-close"
                    data-testid="tab-close"
                    onClick={(event) => {
                      event.stopPropagation();
                      close([tab.key]);
                    }}
                  />
                )}
              </span>
            ),
          }))}
        />
        <Dropdown
          menu={{
            items: [
              { key: 'this', label: t('close_this'), disabled: tabs.length < 2 },
              { key: 'others', label: t('close_others') },
              { key: 'all', label: t('close_all') },
            ],
            onClick: ({ key }) =>
              close(
                key === 'all'
                  ? tabs.map((tab) => tab.key)
                  : key === 'this'
                    ? [activeKey]
                    : tabs.filter((tab) => tab.key !== activeKey).map((tab) => tab.key),
              ),
          }}
        >
          <Button type="link" size="small" className="tab-bar-more" data-testid="tab-actions">
            {t('tab_actions')}
          </Button>
        </Dropdown>
      </div>
      {found && (
        <Breadcrumb
          className="breadcrumbs"
          items={[{ title: t(`menu:${found.module.titleKey}`) }, { title: t(`menu:${found.route.titleKey}`) }]}
        />
      )}
    </div>
  );
}
