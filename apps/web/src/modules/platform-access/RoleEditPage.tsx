import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TRoleDetail, TRoleForm } from '@app/contracts';
import { ZRoleDescription, ZRoleKey, ZRoleName } from '@app/contracts/procedures/roles.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Form,
  Input,
  Result,
  Row,
  Select,
  Skeleton,
  Space,
  Switch,
  Tag,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import type { DataNode } from 'antd/es/tree';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { showError } from '../../app/query-client.ts';
import { ApiError, api } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { roleDetailQuery, useAccessChanged, useRoleForm } from './access-queries.ts';
import { useRoleDescription } from './RoleListPage.tsx';

interface RoleValues {
  key: string;
  name: string;
  description: string;
  group_id?: number | null;
  platform: boolean;
}

const FIELDS = ['key', 'name', 'description'] as const;
const MODULE_PREFIX = 'module:';

/** Role edit (`/system/role-edit?key=…`), or a new role without `key`: fields, permission keys and menu entries. */
export function RoleEditPage() {
  const { t } = useTranslation('access-admin');
  const [params] = useSearchParams();
  const roleKey = params.get('key') ?? undefined;
  const options = useRoleForm();
  const role = useQuery({ ...roleDetailQuery(roleKey ?? ''), enabled: Boolean(roleKey) });

  if (role.error instanceof ApiError && role.error.code === 'not_found') {
    return (
      <Card>
        <Result
          status="404"
          title={t('role_not_found')}
          extra={
            <Link to="/system/role">
              <Button>{t('back_to_list')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }
  if (options.isError && !options.data) return <LoadFailed error={options.error} onRetry={() => options.refetch()} />;
  if (role.isError && !role.data) return <LoadFailed error={role.error} onRetry={() => role.refetch()} />;
  if (!options.data || (roleKey && !role.data)) {
    return (
      <Card>
        <Skeleton active paragraph={{ rows: 10 }} />
      </Card>
    );
  }
  return <RoleEditor key={roleKey ?? ''} options={options.data} role={role.data} />;
}

/** Permission keys grouped by the first segment of their path (`/auth`, `/user`, …), in catalogue order. */
function groupByPrefix(permissions: TRoleForm['permissions']) {
  const groups = new Map<string, TRoleForm['permissions']>();
  for (const permission of permissions) {
    const prefix = `/${permission.key.split('/')[1] ?? ''}`;
    groups.set(prefix, [...(groups.get(prefix) ?? []), permission]);
  }
  return [...groups.entries()];
}

function RoleEditor({ options, role }: { options: TRoleForm; role?: TRoleDetail }) {
  const { t } = useTranslation(['access-admin', 'common', 'validation']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useAccessChanged();
  const describe = useRoleDescription();
  const [form] = Form.useForm<RoleValues>();
  const creating = !role;
  const isRoot = role?.key === 'role_root';
  const platform = Form.useWatch('platform', form) ?? role?.platform ?? false;
  // What the role holds as saved: keys the caller lacks may stay or go, but only these may come back.
  const [saved, setSaved] = useState({ permissions: new Set(role?.permissions), menus: new Set(role?.menus) });
  const [permissions, setPermissions] = useState(() => new Set(role?.permissions));
  const [menus, setMenus] = useState(() => new Set(role?.menus));

  const canAddKey = (p: TRoleForm['permissions'][number]) =>
    !isRoot && (p.grantable || saved.permissions.has(p.key)) && (platform || !p.platform);
  const canAddMenu = (r: { name: string; grantable: boolean }) => !isRoot && (r.grantable || saved.menus.has(r.name));
  const keyLocked = (p: TRoleForm['permissions'][number]) => isRoot || (!permissions.has(p.key) && !canAddKey(p));

  const toggleKeys = (keys: string[], on: boolean) =>
    setPermissions((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });

  const treeData: DataNode[] = options.modules.map((module) => ({
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
    () =>
      options.modules
        .filter((m) => m.routes.some((r) => saved.menus.has(r.name)))
        .map((m) => `${MODULE_PREFIX}${m.key}`),
    [options.modules, saved],
  );

  const save = useMutation({
    mutationFn: (values: RoleValues) => {
      const fields = {
        name: values.name.trim(),
        description: values.description.trim(),
        group_id: values.group_id ?? null,
        permissions: [...permissions],
        menus: [...menus],
      };
      return role
        ? api('/auth/role-update', { key: role.key, ...fields })
        : api('/auth/role-create', { key: values.key.trim(), platform: values.platform, ...fields });
    },
    onSuccess: async (data) => {
      void message.success(t('saved'));
      await changed();
      if (creating) {
        form.resetFields();
        setPermissions(new Set());
        setMenus(new Set());
        navigate('/system/role');
        return;
      }
      setSaved({ permissions: new Set(data.permissions), menus: new Set(data.menus) });
      setPermissions(new Set(data.permissions));
      setMenus(new Set(data.menus));
    },
    onError: (error) => {
      const notHeld =
        error instanceof ApiError && error.code === 'forbidden'
          ? (error.details as { not_held?: { permissions: string[]; menus: string[] } } | undefined)?.not_held
          : undefined;
      if (notHeld) {
        const items = [...notHeld.permissions, ...notHeld.menus].join(', ');
        void message.error({ content: t('not_held', { items }), duration: 10 });
      } else showError(error);
      form.setFields(fieldErrorsOf(error, FIELDS));
      if (error instanceof ApiError && error.code === 'role_key_taken') {
        form.setFields([{ name: 'key', errors: [error.message] }]);
      }
    },
  });

  const permissionGroups = groupByPrefix(options.permissions);
  const title = role ? t('edit_role_title', { name: role.name }) : t('create_role_title');

  return (
    <Card
      title={title}
      extra={
        <Space>
          <Link to="/system/role">
            <Button icon={<ArrowLeftOutlined />}>{t('back_to_list')}</Button>
          </Link>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()} data-testid="role-save">
            {t('save_role')}
          </Button>
        </Space>
      }
      data-testid="role-edit"
    >
      <Form<RoleValues>
        form={form}
        layout="vertical"
        initialValues={{
          key: role?.key ?? 'role_',
          name: role?.name ?? '',
          description: role ? describe(role) : '',
          group_id: role?.group?.id ?? null,
          platform: role?.platform ?? false,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Row gutter={16}>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="key"
              label={t('key')}
              required
              extra={creating ? t('rule_key') : undefined}
              rules={creating ? [zodRule(ZRoleKey, t, t('rule_key'))] : []}
            >
              <Input disabled={!creating} maxLength={64} data-testid="role-key" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="name"
              label={t('name')}
              required
              extra={role?.builtin ? t('name_builtin_hint') : undefined}
              rules={[zodRule(ZRoleName, t, t('rule_name'))]}
            >
              <Input disabled={role?.builtin} maxLength={64} data-testid="role-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item name="group_id" label={t('group')}>
              <Select
                allowClear
                placeholder={t('no_group')}
                options={options.groups.map((g) => ({ value: g.id, label: g.name }))}
                data-testid="role-group"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12} xl={6}>
            <Form.Item
              name="platform"
              label={t('platform_role')}
              valuePropName="checked"
              extra={creating ? t('platform_hint') : undefined}
            >
              <Switch disabled={!creating} data-testid="role-platform" />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item
              name="description"
              label={t('description')}
              required
              rules={[zodRule(ZRoleDescription, t, t('rule_description'))]}
            >
              <Input.TextArea rows={2} maxLength={255} showCount data-testid="role-description" />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {isRoot && <Alert type="info" showIcon title={t('root_fixed')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <Card
            size="small"
            title={t('permissions_title')}
            extra={t('selected_count', { count: permissions.size, total: options.permissions.length })}
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
        </Col>
        <Col xs={24} xl={10}>
          <Card
            size="small"
            title={t('menus_title')}
            extra={t('selected_count', {
              count: menus.size,
              total: options.modules.reduce((n, m) => n + m.routes.length, 0),
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
        </Col>
      </Row>
    </Card>
  );
}
