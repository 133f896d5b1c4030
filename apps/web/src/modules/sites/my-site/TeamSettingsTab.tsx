import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import type { TMySiteSettings } from '@app/contracts';
import {
  AVATAR_EXTENSIONS,
  avatarFileProblem,
  clearable,
  ZDomain,
  ZSiteAddress,
  ZSiteName,
} from '@app/contracts/rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Avatar, Button, Form, Input, Space, Spin, Typography, Upload } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../../shared/form-rules.ts';
import { showError } from '../../../shared/query-client.ts';
import { USER_DETAIL_KEY } from '../../../shared/session/use-user-detail.ts';
import { useUnsavedChanges } from '../../../shared/use-unsaved-changes.ts';
import { MY_SITE_SETTINGS_KEY, mySiteSettingsQuery, updateMySiteSettings, uploadMySiteLogo } from '../queries.ts';
import { ReviewSwitches } from './ReviewSwitches.tsx';

interface SettingsValues {
  name: string;
  address: string;
  domain: string;
}

type LogoKind = 'logo' | 'icon_logo';

const FIELDS = ['name', 'address', 'domain'] as const;
const ACCEPT = AVATAR_EXTENSIONS.map((extension) => `.${extension}`).join(',');
const ZOptionalAddress = clearable(ZSiteAddress);
const ZOptionalDomain = clearable(ZDomain);

const valuesOf = (settings: TMySiteSettings): SettingsValues => ({
  name: settings.name,
  address: settings.address ?? '',
  domain: settings.domain ?? '',
});

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/**
 * `/mysite/settings`: the current organisation's name, address, domain, logo and icon logo (team settings), and its
 * review gates.
 */
export function TeamSettingsTab() {
  const settings = useQuery(mySiteSettingsQuery());
  if (!settings.data) {
    return (
      <div className="page-loading">
        <Spin />
      </div>
    );
  }
  return (
    <>
      <SettingsForm key={settings.data.id} settings={settings.data} />
      <ReviewSwitches />
    </>
  );
}

function SettingsForm({ settings }: { settings: TMySiteSettings }) {
  const { t } = useTranslation(['my-site', 'common', 'validation']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SettingsValues>();
  const saved = valuesOf(settings);
  const current = Form.useWatch((values: SettingsValues) => values, form);
  const dirty = current !== undefined && FIELDS.some((field) => (current[field] ?? '') !== saved[field]);
  useUnsavedChanges(dirty);

  const refresh = async (next?: TMySiteSettings) => {
    if (next) queryClient.setQueryData(MY_SITE_SETTINGS_KEY, next);
    else await queryClient.invalidateQueries({ queryKey: MY_SITE_SETTINGS_KEY });
    // The top bar shows the organisation's name and logo.
    await queryClient.invalidateQueries({ queryKey: USER_DETAIL_KEY });
  };

  const save = useMutation({
    mutationFn: (values: SettingsValues) =>
      updateMySiteSettings({
        name: values.name,
        address: values.address.trim(),
        domain: values.domain.trim(),
      }),
    onSuccess: async (data) => {
      form.setFieldsValue(valuesOf(data));
      void message.success(t('settings_saved'));
      await refresh(data);
    },
    onError: (error) => {
      showError(error);
      form.setFields(fieldErrorsOf(error, FIELDS));
    },
  });

  const upload = useMutation({
    mutationFn: (input: { kind: LogoKind; image: string }) => uploadMySiteLogo(input),
    onSuccess: async () => {
      void message.success(t('settings_logo_saved'));
      await refresh();
    },
    onError: showError,
  });

  async function choose(kind: LogoKind, file: File) {
    const problem = avatarFileProblem(file);
    if (problem) {
      void message.error(t(problem.replace('.', ':')));
      return;
    }
    upload.mutate({ kind, image: await readAsDataUrl(file) });
  }

  const logoItem = (kind: LogoKind) => (
    <Form.Item label={t(`settings_${kind}`)} extra={t('settings_logo_hint')}>
      <Space size="middle" align="center">
        <Avatar
          shape="square"
          size={64}
          src={settings[kind] ?? undefined}
          icon={<PictureOutlined />}
          data-testid={`settings-${kind}-preview`}
        />
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(file) => {
            void choose(kind, file);
            return false;
          }}
        >
          <Button
            icon={<UploadOutlined />}
            loading={upload.isPending && upload.variables?.kind === kind}
            data-testid={`settings-${kind}-choose`}
          >
            {t('settings_choose_image')}
          </Button>
        </Upload>
      </Space>
    </Form.Item>
  );

  return (
    <Form<SettingsValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '168px' }}
      labelWrap
      wrapperCol={{ flex: '420px' }}
      initialValues={saved}
      onFinish={(values) => save.mutate(values)}
      data-testid="team-settings-form"
    >
      <Form.Item name="name" label={t('settings_name')} required rules={[zodRule(ZSiteName, t)]}>
        <Input maxLength={64} data-testid="settings-name" />
      </Form.Item>
      <Form.Item name="address" label={t('settings_address')} rules={[zodRule(ZOptionalAddress, t)]}>
        <Input maxLength={255} data-testid="settings-address" />
      </Form.Item>
      <Form.Item
        name="domain"
        label={t('settings_domain')}
        rules={[zodRule(ZOptionalDomain, t)]}
        extra={<Typography.Text type="secondary">{t('settings_domain_hint')}</Typography.Text>}
      >
        <Input maxLength={255} placeholder="example.com" data-testid="settings-domain" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} disabled={!dirty} data-testid="settings-save">
          {t('common:save')}
        </Button>
      </Form.Item>
      {logoItem('logo')}
      {logoItem('icon_logo')}
    </Form>
  );
}
