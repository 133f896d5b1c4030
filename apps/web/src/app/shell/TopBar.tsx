import { CloudOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Layout, Space, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LangSwitcher } from '../../shared/LangSwitcher.tsx';
import { runtimeConfig } from '../../shared/runtime-config.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { MessageBell } from './MessageBell.tsx';
import type { ShellModule } from './navigation.ts';
import { RoleSwitcher } from './RoleSwitcher.tsx';
import { SiteSwitcher } from './SiteSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

/** Organisation logo and name, module tabs, help and experiment links, switchers and the user menu. */
export function TopBar({ modules, current }: { modules: ShellModule[]; current: ShellModule | null }) {
  const { t } = useTranslation(['shell', 'menu']);
  const { detail } = useSession();
  const navigate = useNavigate();
  const { site } = detail.user;
  const experimentUrl = runtimeConfig().experimentUrl;
  return (
    <Layout.Header className="top-bar">
      <div className="top-bar-brand" data-testid="site-name">
        {(site.logo ?? site.icon_logo) && (
          <img src={site.logo ?? site.icon_logo ?? ''} alt="" className="top-bar-logo" />
        )}
        <span data-user-content>{site.name}</span>
      </div>
      <Tabs
        className="module-tabs"
        activeKey={current?.key}
        onChange={(key) => navigate(modules.find((m) => m.key === key)?.defaultPath ?? '/')}
        // A module whose pages are all out of the menu (e.g. only the practice answering page) shows a tab only
        // while one of its pages is open.
        items={modules
          .filter((m) => m.menu.length > 0 || m.key === current?.key)
          .map((m) => ({ key: m.key, label: t(`menu:${m.titleKey}`) }))}
      />
      <Space size="middle" className="top-bar-actions">
        {detail.settings.help_url && (
          <a href={detail.settings.help_url} target="_blank" rel="noreferrer">
            <QuestionCircleOutlined /> {t('help')}
          </a>
        )}
        {experimentUrl && (
          <a href={experimentUrl} target="_blank" rel="noreferrer">
            <CloudOutlined /> {t('cloud_experiment')}
          </a>
        )}
        <MessageBell />
        <LangSwitcher />
        <RoleSwitcher />
        <SiteSwitcher />
        <UserMenu />
      </Space>
    </Layout.Header>
  );
}
