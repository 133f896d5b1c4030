import {
  ApartmentOutlined,
  CloudOutlined,
  EditOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  SafetyCertificateOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { LANGS, type Lang } from '@app/i18n/src/langs.ts';
import { App, Avatar, Button, Dropdown, type MenuProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { currentLang } from '../../shared/i18n.ts';
import { LANG_LABELS, useChangeLang } from '../../shared/LangSwitcher.tsx';
import { runtimeConfig } from '../../shared/runtime-config.ts';
import { logout, switchRole } from '../../shared/session/session-actions.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { SiteSwitchModal } from './SiteSwitcher.tsx';

type Item = NonNullable<MenuProps['items']>[number];

/**
 * The phone's avatar menu: what the desktop top bar spreads out (who and where I am, role and organisation
 * switchers, language, help and lab links), then edit info and logout.
 */
export function AccountMenu() {
  const { t } = useTranslation(['shell', 'common']);
  const { detail } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const switchLang = useChangeLang();
  const [sitesOpen, setSitesOpen] = useState(false);
  const { user, settings } = detail;
  const roles = Object.entries(user.can_change_roles);
  const currentRole = user.siteUser.current_role;
  const roleTitle = user.can_change_roles[currentRole] ?? t('no_role');
  const experimentUrl = runtimeConfig().experimentUrl;
  const links: Item[] = [
    ...(settings.help_url ? [{ key: 'help', icon: <QuestionCircleOutlined />, label: t('help') }] : []),
    ...(experimentUrl ? [{ key: 'lab', icon: <CloudOutlined />, label: t('cloud_experiment') }] : []),
  ];
  const items: Item[] = [
    { key: 'who', disabled: true, label: `${user.nickname} · ${t('user_id')}: ${user.id}` },
    { key: 'site', disabled: true, label: `${t('organisation')}: ${user.site.name}` },
    roles.length < 2
      ? { key: 'role', disabled: true, label: `${t('role')}: ${roleTitle}` }
      : {
          type: 'group',
          label: t('switch_role'),
          children: roles.map(([key, title]) => ({ key: `role:${key}`, label: title, disabled: key === currentRole })),
        },
    ...(detail.userSites.length > 1
      ? [{ key: 'sites', icon: <ApartmentOutlined />, label: t('switch_site') } satisfies Item]
      : []),
    {
      type: 'group',
      label: t('common:language'),
      children: LANGS.map((lang) => ({ key: `lang:${lang}`, label: LANG_LABELS[lang] })),
    },
    ...(links.length ? [{ type: 'divider' } satisfies Item, ...links] : []),
    { type: 'divider' },
    { key: 'edit', icon: <EditOutlined />, label: t('edit_info') },
    { key: 'certs', icon: <SafetyCertificateOutlined />, label: t('my_certificates') },
    { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
  ];
  const onClick = ({ key }: { key: string }) => {
    if (key.startsWith('role:')) void switchRole(key.slice(5));
    else if (key.startsWith('lang:')) void switchLang(key.slice(5) as Lang);
    else if (key === 'sites') setSitesOpen(true);
    else if (key === 'help' && settings.help_url) window.open(settings.help_url, '_blank', 'noreferrer');
    else if (key === 'lab' && experimentUrl) window.open(experimentUrl, '_blank', 'noreferrer');
    else if (key === 'edit') navigate('/myinfo');
    else if (key === 'certs') navigate('/myinfo/certs');
    else if (key === 'logout')
      modal.confirm({ title: t('logout_confirm'), okText: t('logout'), cancelText: t('cancel'), onOk: logout });
  };
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{ items, onClick, selectedKeys: [`lang:${currentLang()}`, `role:${currentRole}`] }}
        classNames={{ root: 'account-menu-popup' }}
      >
        <Button type="text" shape="circle" aria-label={user.nickname} data-testid="account-menu">
          <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
        </Button>
      </Dropdown>
      <SiteSwitchModal open={sitesOpen} onClose={() => setSitesOpen(false)} />
    </>
  );
}
