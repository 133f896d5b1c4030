import type { TSettingRow } from '@app/contracts';
import {
  BUILT_IN_SETTINGS,
  type BuiltInSetting,
  HIDDEN_SETTING_KEYS,
  SETTING_GROUPS,
} from '@app/contracts/builtin-settings.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Form, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { showError } from '../../shared/query-client.ts';
import { platformSettingsQuery, SETTINGS_KEY, updateSetting } from './queries.ts';
import { SettingValueInput, settingValueRules } from './SettingValueInput.tsx';

const SHOWN = BUILT_IN_SETTINGS.filter((setting) => !HIDDEN_SETTING_KEYS.includes(setting.key));

/** The built-in platform settings, grouped by purpose, each with its title, help text and fitting input. */
export function BuiltInSettings() {
  const { t } = useTranslation(['system-admin', 'common']);
  const rows = useQuery(platformSettingsQuery());
  const byKey = new Map((rows.data?.list ?? []).map((row) => [row.key, row]));
  return (
    <Row gutter={[16, 16]} style={{ marginBottom: 24 }} data-testid="builtin-settings">
      {SETTING_GROUPS.map((group) => {
        const settings = SHOWN.filter((setting) => setting.group === group && byKey.has(setting.key));
        if (settings.length === 0) return null;
        return (
          <Col key={group} xs={24} xl={12}>
            <Card size="small" title={t(`setting_group_${group}`)} loading={rows.isLoading}>
              {settings.map((setting) => (
                <BuiltInSettingRow key={setting.key} setting={setting} row={byKey.get(setting.key)!} />
              ))}
            </Card>
          </Col>
        );
      })}
    </Row>
  );
}

/** One built-in setting: a switch saves when flipped; other inputs save with their button. */
function BuiltInSettingRow({ setting, row }: { setting: BuiltInSetting; row: TSettingRow }) {
  const { t } = useTranslation(['system-admin', 'common', 'validation', 'errors']);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ value: string }>();
  const save = useMutation({
    mutationFn: (value: string) =>
      updateSetting({
        id: row.id,
        name: row.name,
        value,
        value_type: row.value_type,
        description: row.description,
      }),
    onSuccess: async () => {
      void message.success(t('common:saved'));
      await queryClient.invalidateQueries({ queryKey: SETTINGS_KEY });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'setting_value_out_of_range') {
        form.setFields([{ name: 'value', errors: [error.message] }]);
      } else showError(error);
    },
  });
  const isSwitch = setting.valueType === 'boolean';
  return (
    <Form
      form={form}
      layout="vertical"
      initialValues={{ value: row.value }}
      onFinish={({ value }) => save.mutate(value)}
      data-testid={`builtin-setting-${setting.key}`}
    >
      <Form.Item
        name="value"
        label={t(`setting_title_${setting.key}`)}
        extra={t(`setting_help_${setting.key}`)}
        rules={settingValueRules(t, setting.valueType, setting)}
        style={{ marginBottom: 16 }}
      >
        {isSwitch ? (
          <SettingValueInput
            type="boolean"
            disabled={save.isPending}
            onChange={(value) => save.mutate(value)}
            testId={`builtin-setting-value-${setting.key}`}
          />
        ) : (
          <SettingValueInput
            type={setting.valueType}
            builtIn={setting}
            testId={`builtin-setting-value-${setting.key}`}
          />
        )}
      </Form.Item>
      {!isSwitch && (
        <Form.Item style={{ marginTop: -8 }}>
          <Button
            htmlType="submit"
            size="small"
            loading={save.isPending}
            data-testid={`builtin-setting-save-${setting.key}`}
          >
            {t('common:save')}
          </Button>
          <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
            <Typography.Text code>{setting.key}</Typography.Text>
          </Typography.Text>
        </Form.Item>
      )}
    </Form>
  );
}
