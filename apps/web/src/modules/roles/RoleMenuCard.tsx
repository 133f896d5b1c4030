import type { TRoleForm } from '@app/contracts';
import { Card, Tag, Tooltip, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleGrants } from './use-role-grants.ts';

const MODULE_PREFIX = 'module:';

/** The role's menu entries as a tree of modules and their routes; modules holding saved entries start open. */
export function RoleMenuCard({ modules, grants }: { modules: TRoleForm['modules']; grants: RoleGrants }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { isRoot, saved, menus, setMenus, canAddMenu } = grants;

  const treeData: DataNode[] = modules.map((module) => ({
    key: `${MODULE_PREFIX}${module.key}`,
    title: (
      <span data-testid={`menu-module-${module.key}`}>
        {module.title}{' '}
        <Typography.Text type="secondary">
          ({module.routes.filter((r) => menus.has(r.name)).length}/{module.routes.length})
        </Typography.Text>
      </span>
    ),
    children: module.routes.map((route) => ({
      key: route.name,
      disableCheckbox: isRoot || (!menus.has(route.name) && !canAddMenu(route)),
      title: (
        <Tooltip title={canAddMenu(route) || isRoot ? undefined : t('not_grantable')}>
          <span data-testid={`menu-node-${route.name}`}>
            {route.title} <Typography.Text type="secondary">{route.path}</Typography.Text>
            {!route.in_menu && (
              <Tag style={{ marginInlineStart: 6 }} bordered={false}>
                {t('not_in_menu')}
              </Tag>
            )}
          </span>
        </Tooltip>
      ),
    })),
  }));
  const expanded = useMemo(
    () => modules.filter((m) => m.routes.some((r) => saved.menus.has(r.name))).map((m) => `${MODULE_PREFIX}${m.key}`),
    [modules, saved],
  );

  return (
    <Card
      size="small"
      title={t('menus_title')}
      extra={t('selected_count', {
        count: menus.size,
        total: modules.reduce((n, m) => n + m.routes.length, 0),
      })}
    >
      <div className="access-menu-tree">
        <Tree
          checkable
          selectable={false}
          defaultExpandedKeys={expanded}
          checkedKeys={[...menus]}
          onCheck={(checked) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            setMenus(new Set(keys.map(String).filter((key) => !key.startsWith(MODULE_PREFIX))));
          }}
          treeData={treeData}
          data-testid="role-menu-tree"
        />
      </div>
    </Card>
  );
}
