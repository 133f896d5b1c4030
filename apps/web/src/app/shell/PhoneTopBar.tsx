import { MenuOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/session/session-context.tsx';
import { AccountMenu } from './AccountMenu.tsx';
import { MessageBell } from './MessageBell.tsx';
import type { ShellModule } from './navigation.ts';
import { PhoneMenuDrawer } from './PhoneMenuDrawer.tsx';
import { TodoButton } from './TodoButton.tsx';

/** The phone's top bar: the menu button (the drawer), the organisation, the to-do, messages and the avatar menu. */
export function PhoneTopBar({
  modules,
  current,
  selected,
}: {
  modules: ShellModule[];
  current: ShellModule | null;
  selected: string | undefined;
}) {
  const { t } = useTranslation('shell');
  const { site } = useSession().detail.user;
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <Layout.Header className="top-bar top-bar-phone">
      <Button
        type="text"
        icon={<MenuOutlined />}
        aria-label={t('open_menu')}
        onClick={() => setMenuOpen(true)}
        data-testid="phone-menu-button"
      />
      <div className="top-bar-brand" data-testid="site-name">
        {(site.icon_logo ?? site.logo) && (
          <img src={site.icon_logo ?? site.logo ?? ''} alt="" className="top-bar-logo" />
        )}
        <span className="top-bar-site">{site.name}</span>
      </div>
      <div className="top-bar-actions">
        <TodoButton />
        <MessageBell />
        <AccountMenu />
      </div>
      <PhoneMenuDrawer
        open={menuOpen}
        onClose={() => setMenuOpen(false)}
        title={site.name}
        modules={modules}
        current={current}
        selected={selected}
      />
    </Layout.Header>
  );
}
