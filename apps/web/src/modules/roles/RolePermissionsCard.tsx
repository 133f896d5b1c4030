import type { TRoleForm } from '@app/contracts';
import { Card, Checkbox, Empty, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoleGrants } from './use-role-grants.ts';

/** Permission keys grouped by the first segment of their path (`/auth`, `/user`, …), in catalogue order. */
function groupByPrefix(permissions: TRoleForm['permissions']) {
  const groups = new Map<string, TRoleForm['permissions']>();
  for (const permission of permissions) {
    const prefix = `/${permission.key.split('/')[1] ?? ''}`;
    groups.set(prefix, [...(groups.get(prefix) ?? []), permission]);
  }
  return [...groups.entries()];
}

/** The role's permission keys, one checkbox group per path prefix; keys the caller may not add are locked. */
export function RolePermissionsCard({
  catalogue,
  grants,
}: {
  catalogue: TRoleForm['permissions'];
  grants: RoleGrants;
}) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { isRoot, platform, permissions, canAddKey, keyLocked, toggleKeys } = grants;
  const permissionGroups = groupByPrefix(catalogue);
  return (
    <Card
      size="small"
      title={t('permissions_title')}
      extra={t('selected_count', { count: permissions.size, total: catalogue.length })}
      data-testid="role-permissions"
    >
      {permissionGroups.length === 0 && <Empty />}
      {permissionGroups.map(([prefix, keys]) => {
        const free = keys.filter((p) => !keyLocked(p)).map((p) => p.key);
        const held = keys.filter((p) => permissions.has(p.key)).length;
        const freeHeld = free.filter((key) => permissions.has(key)).length;
        return (
          <div key={prefix} className="access-key-group">
            <div className="access-key-group-head">
              <Checkbox
                checked={free.length > 0 && freeHeld === free.length}
                indeterminate={freeHeld > 0 && freeHeld < free.length}
                disabled={free.length === 0}
                onChange={(e) => toggleKeys(free, e.target.checked)}
                data-testid={`key-group-${prefix}`}
              >
                <Typography.Text strong>{prefix}</Typography.Text>
              </Checkbox>
              <Typography.Text type="secondary">
                {t('selected_count', { count: held, total: keys.length })}
              </Typography.Text>
            </div>
            <div className="access-key-list">
              {keys.map((p) => (
                <Checkbox
                  key={p.key}
                  checked={permissions.has(p.key)}
                  disabled={keyLocked(p)}
                  onChange={(e) => toggleKeys([p.key], e.target.checked)}
                  data-testid={`key-${p.key}`}
                >
                  <Tooltip
                    title={
                      isRoot || canAddKey(p) || permissions.has(p.key)
                        ? p.summary
                        : !platform && p.platform
                          ? t('platform_only')
                          : t('not_grantable')
                    }
                  >
                    <span>
                      <Typography.Text code>{p.key}</Typography.Text>
                      {p.name !== p.key && <span> {p.name}</span>}
                      {p.platform && (
                        <Tag color="purple" bordered={false} style={{ marginInlineStart: 6 }}>
                          {t('platform')}
                        </Tag>
                      )}
                    </span>
                  </Tooltip>
                </Checkbox>
              ))}
            </div>
          </div>
        );
      })}
    </Card>
  );
}
