import type { TMemberRow } from '@app/contracts';
import { ZUsername } from '@app/contracts/procedures/registration.ts';
import { clearable, ZEmail, ZMobile, ZNickname, ZSignupPassword } from '@app/contracts/rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, Modal, Select, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import {
  createMember,
  MEMBER_DETAIL_KEY,
  MEMBERS_KEY,
  memberRolesQuery,
  resetMemberPassword,
  updateMember,
} from './queries.ts';

interface MemberFormValues {
  username: string;
  nickname: string;
  email: string;
  mobile: string;
  password: string;
  roles: string[];
}

const FIELDS = ['username', 'nickname', 'email', 'mobile', 'password', 'roles'] as const;
const ZOptionalEmail = clearable(ZEmail);
const ZOptionalMobile = clearable(ZMobile);

/** The roles a manager may give (tenant roles), for the role pickers. */
export function useGrantableRoles() {
  return useQuery({ ...memberRolesQuery(), staleTime: 60_000 });
}

/**
 * Creates a member (no `member`) or edits one: profile fields and roles in this organisation. A shared account's
 * fields are read-only (the server refuses changes to them with `account_shared`); its roles still change.
 */
export function MemberFormModal({
  open,
  member,
  onClose,
}: {
  open: boolean;
  member?: Pick<TMemberRow, 'user_id' | 'username' | 'nickname' | 'email' | 'mobile' | 'roles' | 'account_shared'>;
  onClose: () => void;
}) {
  const locked = member?.account_shared === true;
  const { t } = useTranslation(['members', 'role-names', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberFormValues>();
  const queryClient = useQueryClient();
  const roles = useGrantableRoles();

  const save = useMutation({
    mutationFn: async (values: MemberFormValues) => {
      const common = {
        nickname: values.nickname,
        email: values.email.trim(),
        mobile: values.mobile.trim(),
        roles: values.roles,
      };
      if (member) {
        await updateMember({ user_id: member.user_id, ...common });
        return member.username;
      }
      await createMember({ ...common, username: values.username.trim(), password: values.password });
      return values.username.trim();
    },
    onSuccess: async (name) => {
      void message.success(member ? t('saved') : t('created', { name }));
      onClose();
      await queryClient.invalidateQueries({ queryKey: MEMBERS_KEY });
      await queryClient.invalidateQueries({ queryKey: MEMBER_DETAIL_KEY });
    },
    onError: (error) => {
      if (!setFormErrors(form, error, FIELDS, { username_taken: 'username', email_taken: 'email' })) showError(error);
    },
  });

  return (
    <Modal
      open={open}
      title={member ? t('edit_title') : t('create_title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<MemberFormValues>
        form={form}
        layout="vertical"
        initialValues={{
          username: member?.username ?? '',
          nickname: member?.nickname ?? '',
          email: member?.email ?? '',
          mobile: member?.mobile ?? '',
          password: '',
          roles: member?.roles ?? ['role_student'],
        }}
        onFinish={(values) => save.mutate(values)}
      >
        {locked && (
          <Alert
            type="info"
            showIcon
            message={t('account_shared_hint')}
            style={{ marginBottom: 16 }}
            data-testid="member-form-shared"
          />
        )}
        <Form.Item name="username" label={t('username')} rules={member ? [] : [zodRule(ZUsername, t)]} required>
          <Input disabled={!!member} autoComplete="off" data-testid="member-form-username" />
        </Form.Item>
        <Form.Item name="nickname" label={t('nickname')} rules={[zodRule(ZNickname, t)]} required>
          <Input disabled={locked} data-testid="member-form-nickname" />
        </Form.Item>
        <Form.Item name="email" label={t('email')} rules={[zodRule(ZOptionalEmail, t)]}>
          <Input disabled={locked} />
        </Form.Item>
        <Form.Item name="mobile" label={t('mobile')} rules={[zodRule(ZOptionalMobile, t)]}>
          <Input disabled={locked} />
        </Form.Item>
        {!member && (
          <Form.Item name="password" label={t('password')} rules={[zodRule(ZSignupPassword, t)]} required>
            <Input.Password autoComplete="new-password" data-testid="member-form-password" />
          </Form.Item>
        )}
        <Form.Item
          name="roles"
          label={t('roles')}
          rules={[{ type: 'array', min: 1, required: true, message: t('validation:required') }]}
        >
          <Select
            mode="multiple"
            loading={roles.isLoading}
            options={(roles.data ?? []).map((r) => ({
              value: r.key,
              label: r.builtin ? t(`role-names:${r.key}`, { defaultValue: r.name }) : r.name,
            }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The reset-password action: disabled with the reason on a shared account (only its holder changes it). */
export function ResetPasswordButton({
  member,
  size,
  onClick,
}: {
  member: Pick<TMemberRow, 'account_shared'>;
  size?: 'small';
  onClick: () => void;
}) {
  const { t } = useTranslation('members');
  const button = (
    <Button
      type="link"
      size={size}
      disabled={member.account_shared}
      onClick={onClick}
      data-testid="member-reset-password"
    >
      {t('reset_password')}
    </Button>
  );
  // A disabled button gets no mouse events: the tooltip sits on a wrapper.
  return member.account_shared ? (
    <Tooltip title={t('reset_password_shared')}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/** Sets a member's new password (every session of the account ends). */
export function ResetPasswordModal({
  member,
  onClose,
}: {
  member: { user_id: number; username: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['members', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ password: string }>();
  const reset = useMutation({
    mutationFn: (values: { password: string }) =>
      resetMemberPassword({ user_id: member!.user_id, password: values.password }),
    onSuccess: () => {
      void message.success(t('password_reset'));
      onClose();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['password'])) showError(error);
    },
  });
  return (
    <Modal
      open={member !== null}
      title={t('reset_password_title', { name: member?.username ?? '' })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: reset.isPending }}
      destroyOnHidden
    >
      <p>{t('reset_password_hint')}</p>
      <Form form={form} layout="vertical" onFinish={(values) => reset.mutate(values)}>
        <Form.Item name="password" label={t('password')} rules={[zodRule(ZSignupPassword, t)]} required>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
