import { Layout } from 'antd';
import { lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../../shared/session/session-context.tsx';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { ChromeTip } from './ChromeTip.tsx';
import { KeepAliveOutlet } from './KeepAliveOutlet.tsx';
import { entriesHiddenBySettings, entryTitle, findRouteModule, shellModules } from './navigation.ts';
import { SideMenu } from './SideMenu.tsx';
import { TabBar } from './TabBar.tsx';
import { TodoPanel } from './TodoPanel.tsx';
import { TopBar } from './TopBar.tsx';
import { useCurrentModule } from './use-current-module.ts';
import { useOpenTabs } from './use-open-tabs.ts';
import { usePageTitle } from './use-page-title.ts';
import { useShellRouteName } from './use-shell-route.ts';

/** Pages that take the whole window: the shell's bars, menu and to-do panel step aside (the job frame). */
const FULL_WINDOW = new Set(['production-task-execute']);
// The phone's top bar (drawers, the avatar menu) loads only on phones, outside the first load of desktops.
const PhoneTopBar = lazy(async () => ({ default: (await import('./PhoneTopBar.tsx')).PhoneTopBar }));

/**
 * The shell at `/`: top bar, module menu, tab bar with breadcrumbs, the page, and the to-do panel; on a
 * FULL_WINDOW page only the page (the rest stays mounted, hidden, so kept pages keep their state). On a phone the
 * top bar condenses (menu drawer, to-do button, avatar menu) and the side menu lives in the drawer.
 */
export function ShellLayout() {
  const { t, i18n } = useTranslation('menu');
  const { detail } = useSession();
  const phone = useIsPhone();
  const location = useLocation();
  const routeName = useShellRouteName();
  const modules = useMemo(
    () => shellModules(detail.user.auth_menus, detail.user.menu_layout, entriesHiddenBySettings(detail.settings)),
    [detail.user.auth_menus, detail.user.menu_layout, detail.settings],
  );
  const found = routeName ? findRouteModule(routeName) : undefined;
  // The module the route sits in: an administrator may have moved it out of its catalogue module.
  const placed = modules.find((m) => m.routes.some((r) => r.name === routeName));
  const allowed = found ? placed !== undefined : true;
  const placedEntry = placed?.routes.find((r) => r.name === routeName);
  const current = useCurrentModule(detail.user.id, modules, allowed ? placed?.key : undefined);
  const tabKey = `${location.pathname}${location.search}`;
  const currentTab = useMemo(
    () => (routeName && allowed ? { key: tabKey, name: routeName } : null),
    [routeName, allowed, tabKey],
  );
  const { tabs, close } = useOpenTabs(detail.user.id, currentTab, (name) =>
    modules.some((m) => m.routes.some((r) => r.name === name)),
  );
  usePageTitle(
    placedEntry ? entryTitle(placedEntry, t, i18n.language) : undefined,
    detail.user.site.name,
    detail.user.site.icon_logo,
  );

  const firstEntry = (modules.find((m) => m.menu.length > 0) ?? modules[0])?.defaultPath;
  if (!routeName) return <Navigate to={current?.defaultPath ?? firstEntry ?? '/myinfo'} replace />;
  if (!allowed) return <Navigate to={firstEntry ?? '/myinfo'} replace />;

  return (
    <Layout
      className={['shell', phone ? 'shell-phone' : '', FULL_WINDOW.has(routeName) ? 'shell-full-window' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <ChromeTip />
      {phone ? (
        <Suspense fallback={<Layout.Header className="top-bar" />}>
          <PhoneTopBar modules={modules} current={current} selected={routeName} />
        </Suspense>
      ) : (
        <TopBar modules={modules} current={current} />
      )}
      <Layout>
        {phone ? null : <SideMenu module={current} selected={routeName} />}
        <Layout.Content className="shell-content">
          <TabBar tabs={tabs} onClose={close} homePath={current?.defaultPath ?? '/'} />
          <div className="page-area">
            <KeepAliveOutlet openKeys={tabs.map((tab) => tab.key)} routeName={routeName} />
          </div>
        </Layout.Content>
      </Layout>
      {phone ? null : <TodoPanel />}
    </Layout>
  );
}
