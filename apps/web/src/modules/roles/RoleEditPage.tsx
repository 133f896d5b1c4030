import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TRoleDetail, TRoleForm } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Col, Form, Result, Row, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { createRole, roleDetailQuery, roleFormQuery, updateRole, useAccessChanged } from './queries.ts';
import { RoleFields, type RoleValues } from './RoleFields.tsx';
import { useRoleDescription } from './RoleListPage.tsx';
import { RoleMenuCard } from './RoleMenuCard.tsx';
import { RolePermissionsCard } from './RolePermissionsCard.tsx';
import { useRoleGrants } from './use-role-grants.ts';

const FIELDS = ['key', 'name', 'description'] as const;

/** Role edit (`/system/role-edit?key=…`), or a new role without `key`: fields, permission keys and menu entries. */
export function RoleEditPage() {
  const { t } = useTranslation('roles');
  const [params] = useSearchParams();
  const roleKey = params.get('key') ?? undefined;
  const options = useQuery(roleFormQuery());
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

function RoleEditor({ options, role }: { options: TRoleForm; role?: TRoleDetail }) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useAccessChanged();
  const describe = useRoleDescription();
  const [form] = Form.useForm<RoleValues>();
  const creating = !role;
  const platform = Form.useWatch('platform', form) ?? role?.platform ?? false;
  const grants = useRoleGrants(role, platform);

  const save = useMutation({
    mutationFn: (values: RoleValues) => {
      const fields = {
        name: values.name.trim(),
        description: values.description.trim(),
        group_id: values.group_id ?? null,
        permissions: [...grants.permissions],
        menus: [...grants.menus],
      };
      return role
        ? updateRole({ key: role.key, ...fields })
        : createRole({ key: values.key.trim(), platform: values.platform, ...fields });
    },
    onSuccess: async (data) => {
      void message.success(t('saved'));
      await changed();
      if (creating) {
        form.resetFields();
        grants.reset();
        navigate('/system/role');
        return;
      }
      grants.reset(data);
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
      setFormErrors(form, error, FIELDS, { role_key_taken: 'key' });
    },
  });

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
        <RoleFields role={role} groups={options.groups} />
      </Form>
      {grants.isRoot && <Alert type="info" showIcon title={t('root_fixed')} style={{ marginBottom: 16 }} />}
      <Row gutter={16}>
        <Col xs={24} xl={14}>
          <RolePermissionsCard catalogue={options.permissions} grants={grants} />
        </Col>
        <Col xs={24} xl={10}>
          <RoleMenuCard modules={options.modules} grants={grants} />
        </Col>
      </Row>
    </Card>
  );
}
