import { ZChangePasswordForm } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf, zodObjectRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { updatePassword } from './queries.ts';

interface PasswordValues {
  old_password: string;
  password: string;
  confirm: string;
}

/** The password tab: old, new (6-16 letters and digits, not the old one) and the new one again. */
export function PasswordForm() {
  const { t } = useTranslation(['my-info', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<PasswordValues>();
  const current = Form.useWatch((values: PasswordValues) => values, form);
  const dirty = Boolean(current?.old_password || current?.password || current?.confirm);
  useUnsavedChanges(dirty);
  const rule = (field: keyof PasswordValues) => [zodObjectRule(ZChangePasswordForm, field, t)];

  const save = useMutation({
    mutationFn: (values: PasswordValues) =>
      updatePassword({ old_password: values.old_password, password: values.password }),
    onSuccess: () => {
      form.resetFields();
      void message.success(t('password_saved'));
    },
    onError: (error) => {
      showError(error);
      form.setFields(fieldErrorsOf(error, ['old_password', 'password'] as const));
      if (error instanceof ApiError && error.code === 'old_password_wrong') {
        form.setFields([{ name: 'old_password', errors: [error.message] }]);
      }
      if (error instanceof ApiError && error.code === 'password_same_as_old') {
        form.setFields([{ name: 'password', errors: [error.message] }]);
      }
    },
  });

  return (
    <Form<PasswordValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '168px' }}
      labelWrap
      wrapperCol={{ flex: '360px' }}
      onFinish={(values) => save.mutate(values)}
      data-testid="password-form"
    >
      <Form.Item name="old_password" label={t('old_password')} required rules={rule('old_password')}>
        <Input.Password autoComplete="current-password" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('new_password')}
        required
        dependencies={['old_password']}
        rules={rule('password')}
        extra={t('password_hint')}
      >
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Form.Item
        name="confirm"
        validateFirst
        label={t('confirm_password')}
        required
        dependencies={['password']}
        rules={[{ required: true, message: t('confirm_required') }, ...rule('confirm')]}
      >
        <Input.Password autoComplete="new-password" maxLength={32} />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="password-save">
          {t('common:save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
