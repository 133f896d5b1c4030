import { SwapOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { switchRole } from '../../shared/session/session-actions.ts';
import { useSession } from '../../shared/session/session-context.tsx';

/** Lists the roles the user holds here (`can_change_roles`); picking one switches on the server and reloads. */
export function RoleSwitcher() {
  const { t } = useTranslation('shell');
  const { detail } = useSession();
  const roles = Object.entries(detail.user.can_change_roles);
  const current = detail.user.siteUser.current_role;
  const label = detail.user.can_change_roles[current] ?? t('no_role');
  if (roles.length < 2) return <span data-testid="current-role">{label}</span>;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectedKeys: [current],
        items: roles.map(([key, title]) => ({ key, label: title, disabled: key === current })),
        onClick: ({ key }) => void switchRole(key),
      }}
    >
      <Button size="small" icon={<SwapOutlined />} data-testid="role-switcher" title={t('switch_role')}>
        {label}
      </Button>
    </Dropdown>
  );
}
