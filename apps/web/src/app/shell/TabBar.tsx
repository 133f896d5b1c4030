import { CloseOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Dropdown } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { findRouteModule } from './navigation.ts';
import type { OpenTab } from './use-open-tabs.ts';

/**
 * Opened pages (close one, the others or all) and the breadcrumbs of the current one. The pages are links in a
 * navigation landmark, the current one marked `aria-current="page"`, each with its own named close button; a long
 * row scrolls sideways and keeps the current page in view.
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
  const list = useRef<HTMLUListElement>(null);
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
  // The current page's tab scrolls into view when it changes or is added.
  const activeIndex = tabs.findIndex((tab) => tab.key === activeKey);
  useEffect(() => {
    if (activeIndex < 0) return;
    list.current?.children[activeIndex]?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [activeIndex]);
  const current = tabs.find((tab) => tab.key === activeKey);
  const found = current && findRouteModule(current.name);
  return (
    <nav className="tab-bar" aria-label={t('open_pages')}>
      <div className="tab-bar-row">
        <ul className="tab-bar-list" ref={list}>
          {tabs.map((tab) => {
            const active = tab.key === activeKey;
            const title = titleOf(tab.name);
            return (
              <li key={tab.key} className={active ? 'tab-bar-tab tab-bar-tab-active' : 'tab-bar-tab'}>
                <Link to={tab.key} aria-current={active ? 'page' : undefined} data-testid="open-tab">
                  {title}
                </Link>
                {tabs.length > 1 && (
                  <button
                    type="button"
                    className="tab-bar-close"
                    aria-label={t('close_tab', { title })}
                    title={t('close_tab', { title })}
                    data-testid="tab-close"
                    onClick={() => close([tab.key])}
                  >
                    <CloseOutlined />
                  </button>
                )}
              </li>
            );
          })}
        </ul>
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
    </nav>
  );
}
