import type { TSiteDetail } from '@app/contracts';
import { ZHelpUrl } from '@app/contracts/rules.ts';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Input, InputNumber, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { updateSite, useSitesChanged } from './queries.ts';

const SWITCHES = ['open_webrtc', 'showCdkey', 'open_audit_edit', 'open_chatgpt'] as const;
type SwitchKey = (typeof SWITCHES)[number];
type SettingsValues = { help_url: string; wrong_book_n: number } & Record<SwitchKey, boolean>;

/** The organisation's own settings (its values over the platform's): switches and the help link. */
export function SiteSettingsForm({ site }: { site: TSiteDetail }) {
  const { t } = useTranslation(['sites', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<SettingsValues>();
  const changed = useSitesChanged();
  const initial: SettingsValues = {
    help_url: site.settings.help_url,
    wrong_book_n: Number(site.settings.wrong_book_n) || 0,
    ...(Object.fromEntries(SWITCHES.map((key) => [key, site.settings[key] === '1'])) as Record<SwitchKey, boolean>),
  };
  const save = useMutation({
    mutationFn: (values: SettingsValues) =>
      updateSite({
        id: site.id,
        settings: {
          help_url: values.help_url.trim(),
          wrong_book_n: String(values.wrong_book_n ?? 0),
          ...(Object.fromEntries(SWITCHES.map((key) => [key, values[key] ? '1' : '0'])) as Record<
            SwitchKey,
            '0' | '1'
          >),
        },
      }),
    onSuccess: async (detail) => {
      void message.success(t('settings_saved'));
      await changed(detail.id, detail);
    },
    onError: (error) => {
      showError(error);
      const problems = fieldErrorsOf(error, ['settings.help_url']);
      if (problems.length) form.setFields([{ name: 'help_url', errors: problems.flatMap((p) => p.errors) }]);
    },
  });
  return (
    <Form<SettingsValues>
      form={form}
      layout="horizontal"
      labelCol={{ flex: '160px' }}
      labelWrap
      wrapperCol={{ flex: '420px' }}
      initialValues={initial}
      onFinish={(values) => save.mutate(values)}
      data-testid="site-settings-form"
    >
      <Alert type="info" showIcon title={t('settings_hint')} style={{ marginBottom: 16, maxWidth: 600 }} />
      <Form.Item name="help_url" label={t('setting_help_url')} rules={[zodRule(ZHelpUrl, t)]}>
        <Input maxLength={260} placeholder="https://" data-testid="site-setting-help-url" />
      </Form.Item>
      {SWITCHES.map((key) => (
        <Form.Item key={key} name={key} label={t(`setting_${key}`)} valuePropName="checked">
          <Switch data-testid={`site-setting-${key}`} />
        </Form.Item>
      ))}
      <Form.Item name="wrong_book_n" label={t('setting_wrong_book_n')} extra={t('setting_wrong_book_n_help')}>
        <InputNumber min={0} max={99} precision={0} data-testid="site-setting-wrong-book-n" />
      </Form.Item>
      <Form.Item label=" " colon={false}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="site-settings-save">
          {t('common:save')}
        </Button>
      </Form.Item>
    </Form>
  );
}
