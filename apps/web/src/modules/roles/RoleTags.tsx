import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The roles holding a permission or menu entry, as tags ("nobody" when none). */
export function RoleTags({ roles }: { roles: { key: string; name: string }[] }) {
  const { t } = useTranslation('roles');
  if (!roles.length) return <Typography.Text type="secondary">{t('nobody')}</Typography.Text>;
  return (
    <>
      {roles.map((role) => (
        <Tag key={role.key} color={role.key === 'role_root' ? 'gold' : undefined} title={role.key}>
          {role.name}
        </Tag>
      ))}
    </>
  );
}
