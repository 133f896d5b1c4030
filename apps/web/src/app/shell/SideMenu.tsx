import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readCookie, writeCookie } from '../../shared/cookies.ts';
import { runtimeConfig } from '../../shared/runtime-config.ts';
import { MENU_SHRINK_COOKIE } from '../../shared/session/session-state.ts';
import { entryTitle, linkOf, type ShellEntry, type ShellModule } from './navigation.ts';

const RouteIcon = lazy(() => import('./route-icons.tsx'));

/** A menu entry's icon, fitting its page; the generic one until the icons' chunk has loaded. */
function MenuIcon({ name }: { name: string }) {
  return (
    <Suspense fallback={<AppstoreOutlined />}>
      <RouteIcon name={name} />
    </Suspense>
  );
}

export const MENU_WIDTH = 220;
export const MENU_COLLAPSED_WIDTH = 63;

/** A module's menu entries as antd menu items (keyed by route name), in the current language. */
export function useMenuItems() {
  const { t, i18n } = useTranslation('menu');
  return (module: ShellModule | null) =>
    (module?.menu ?? []).map((entry) => ({
      key: entry.name,
      icon: entry.externalUrlSetting || entry.url ? <ExportOutlined /> : <MenuIcon name={entry.name} />,
      label: entryTitle(entry, t, i18n.language),
    }));
}

/** Opens a menu entry: its page, or its outside link (custom or from a setting) in a new tab. */
export function useOpenEntry() {
  const navigate = useNavigate();
  const config = runtimeConfig() as unknown as Record<string, string>;
  return (entry: ShellEntry) => {
    if (entry.url) {
      window.open(entry.url, '_blank', 'noopener');
      return;
    }
    if (entry.externalUrlSetting) {
      const url = config[entry.externalUrlSetting];
      if (url) window.open(url, '_blank', 'noopener');
      return;
    }
    navigate(linkOf(entry.path));
  };
}

/** The current module's menu; collapsible (220 / 63 px), the state kept in the cookie liteMenuShrink. */
export function SideMenu({ module, selected }: { module: ShellModule | null; selected: string | undefined }) {
  const items = useMenuItems();
  const openEntry = useOpenEntry();
  const [collapsed, setCollapsed] = useState(() => readCookie(MENU_SHRINK_COOKIE) === '1');
  return (
    <Layout.Sider
      collapsible
      collapsed={collapsed}
      width={MENU_WIDTH}
      collapsedWidth={MENU_COLLAPSED_WIDTH}
      onCollapse={(value) => {
        setCollapsed(value);
        writeCookie(MENU_SHRINK_COOKIE, value ? '1' : '0', 365);
      }}
      theme="light"
      className="side-menu"
      data-testid="side-menu"
      data-collapsed={collapsed ? '1' : '0'}
    >
      <Menu
        mode="inline"
        selectedKeys={selected ? [selected] : []}
        items={items(module)}
        onClick={({ key }) => {
          const entry = module?.menu.find((m) => m.name === key);
          if (entry) openEntry(entry);
        }}
      />
    </Layout.Sider>
  );
}
