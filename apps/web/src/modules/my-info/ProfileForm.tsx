import type { TProfile } from '@app/contracts';
import { clearable, ZEmail, ZMobile, ZNickname, ZRealName } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { useUnsavedChanges } from '../../shared/use-unsaved-changes.ts';
import { updateProfile, useProfileSaved } from './queries.ts';

interface ProfileValues {
  nickname: string;
  real_name: string;
  mobile: string;
  email: string;
}

const FIELDS = ['nickname', 'real_name', 'mobile', 'email'] as const;
const ZOptionalRealName = clearable(ZRealName);
const ZOptionalMobile = clearable(ZMobile);

const valuesOf = (profile: TProfile): ProfileValues => ({
  nickname: profile.nickname,
  real_name: profile.real_name ?? '',
  mobile: profile.mobile ?? '',
  email: profile.email ?? '',
});

/** The info tab: nickname, name, mobile and email with the contract's rules; warns when left unsaved. */
export function ProfileForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation(['my-info', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<ProfileValues>();
  const [saved, setSaved] = useState(() => valuesOf(profile));
  const current = Form.useWatch((values: ProfileValues) => values, form);
  const dirty = current !== undefined && FIELDS.some((field) => (current[field] ?? '') !== saved[field]);
  useUnsavedChanges(dirty);
  const afterSave = useProfileSaved();

  const save = useMutation({
    mutationFn: (values: ProfileValues) =>
      updateProfile({
        nickname: values.nickname,
        real_name: values.real_name.trim(),
        mobile: values.mobile.trim(),
        email: values.email.trim(),
      }),
    onSuccess: async (data) => {
      const next = valuesOf(data);
      setSaved(next);
      form.setFieldsValue(next);
      void message.success(t('profile_saved'));
      await afterSave(data);
    },
    onError: (error) => {
      showError(error);
      form.setFields(fieldErrorsOf(error, FIELDS));
      if (error instanceof ApiError && error.code === 'email_taken') {
        form.setFields([{ name: 'email', errors: [error.message] }]);
      }
    },
  });

  return (
    <Form<ProfileValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '168px' }}
      labelWrap
      wrapperCol={{ flex: '360px' }}
      initialValues={saved}
      onFinish={(values) => save.mutate(values)}
      data-testid="profile-form"
    >
      <Form.Item label={t('username')}>
        <span className="myinfo-readonly">{profile.username}</span>
      </Form.Item>
      <Form.Item name="nickname" label={t('nickname')} required rules={[zodRule(ZNickname, t)]}>
        <Input maxLength={40} autoComplete="nickname" />
      </Form.Item>
      <Form.Item
        name="real_name"
        label={t('real_name')}
        rules={[zodRule(ZOptionalRealName, t)]}
        extra={t('real_name_hint')}
      >
        <Input maxLength={32} autoComplete="name" />
      </Form.Item>
      <Form.Item name="mobile" label={t('mobile')} rules={[zodRule(ZOptionalMobile, t)]}>
        <Input maxLength={20} inputMode="numeric" autoComplete="tel" />
      </Form.Item>
      <Form.Item name="email" label={t('email')} required rules={[zodRule(ZEmail, t)]}>
        <Input maxLength={64} autoComplete="email" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty} data-testid="profile-save">
          {t('common:save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
