import { AppstoreOutlined, ExportOutlined } from '@ant-design/icons';
import { Layout, Menu } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { readCookie, writeCookie } from '../../shared/cookies.ts';
import { runtimeConfig } from '../../shared/runtime-config.ts';
import { MENU_SHRINK_COOKIE } from '../session/session-state.ts';
import { entryTitle, linkOf, type ShellModule } from './navigation.ts';

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

/** The current module's menu; collapsible (220 / 63 px), the state kept in the cookie liteMenuShrink. */
export function SideMenu({ module, selected }: { module: ShellModule | null; selected: string | undefined }) {
  const { t, i18n } = useTranslation('menu');
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useState(() => readCookie(MENU_SHRINK_COOKIE) === '1');
  const config = runtimeConfig() as unknown as Record<string, string>;
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
        items={(module?.menu ?? []).map((entry) => ({
          key: entry.name,
          icon: entry.externalUrlSetting || entry.url ? <ExportOutlined /> : <MenuIcon name={entry.name} />,
          label: entryTitle(entry, t, i18n.language),
        }))}
        onClick={({ key }) => {
          const entry = module?.menu.find((m) => m.name === key);
          if (!entry) return;
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
        }}
      />
    </Layout.Sider>
  );
}
