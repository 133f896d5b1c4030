import { EditOutlined, LogoutOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { App, Avatar, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logout } from '../../shared/session/session-actions.ts';
import { useSession } from '../../shared/session/session-context.tsx';

/** Avatar and nickname; the menu shows the ID and organisation, edit info, my certificates and logout (confirmed). */
export function UserMenu() {
  const { t } = useTranslation('shell');
  const { detail } = useSession();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { user } = detail;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'id', disabled: true, label: `${t('user_id')}: ${user.id}` },
          { key: 'site', disabled: true, label: `${t('organisation')}: ${user.site.name}` },
          { type: 'divider' },
          { key: 'edit', icon: <EditOutlined />, label: t('edit_info') },
          { key: 'certs', icon: <SafetyCertificateOutlined />, label: t('my_certificates') },
          { key: 'logout', icon: <LogoutOutlined />, label: t('logout') },
        ],
        onClick: ({ key }) => {
          if (key === 'edit') navigate('/myinfo');
          if (key === 'certs') navigate('/myinfo/certs');
          if (key === 'logout') {
            modal.confirm({ title: t('logout_confirm'), okText: t('logout'), cancelText: t('cancel'), onOk: logout });
          }
        },
      }}
    >
      <span className="user-menu" data-testid="user-menu">
        <Avatar size="small" src={user.avatar ?? undefined} icon={<UserOutlined />} />
        <span data-user-content>{user.nickname}</span>
      </span>
    </Dropdown>
  );
}
