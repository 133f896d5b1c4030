import type { ModuleKey, TMenuModule } from '@app/contracts';
import { ZMenuTitle, ZMenuUrl } from '@app/contracts/procedures/roles-entries.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { createMenuEntry, updateMenuEntry, useAccessChanged } from './queries.ts';

type Route = TMenuModule['routes'][number];

interface Values {
  parent: ModuleKey;
  sort: number;
  title_zh: string;
  title_en: string;
  url?: string;
  in_menu: boolean;
}

const FIELDS = ['parent', 'sort', 'title_zh', 'title_en', 'url', 'in_menu'] as const;

/**
 * Creates a custom menu entry (an outside link), or edits an entry: a catalogue route's module, sort and titles
 * are kept as an override (empty titles keep the built-in ones); a custom entry's link too.
 */
export function MenuEntryModal({
  modules,
  route,
  onClose,
}: {
  modules: readonly { key: string; title: string }[];
  /** The entry to edit; absent: a new custom link. */
  route?: Route;
  onClose: () => void;
}) {
  const { t } = useTranslation(['roles', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const changed = useAccessChanged();
  const custom = !route || route.custom;
  const save = useMutation({
    mutationFn: (values: Values) => {
      const common = {
        parent: values.parent,
        sort: values.sort,
        title_zh: values.title_zh?.trim() ?? '',
        title_en: values.title_en?.trim() ?? '',
        in_menu: values.in_menu,
      };
      if (!route) return createMenuEntry({ ...common, url: (values.url ?? '').trim() });
      return updateMenuEntry({
        name: route.name,
        ...common,
        ...(custom ? { url: (values.url ?? '').trim() } : {}),
      });
    },
    onSuccess: async () => {
      void message.success(t('saved'));
      await changed();
      onClose();
    },
    onError: (error) => {
      showError(error);
      form.setFields(fieldErrorsOf(error, FIELDS));
    },
  });
  const titleRule = custom ? ZMenuTitle.min(1) : ZMenuTitle;
  return (
    <Modal
      open
      title={route ? t('edit_menu', { name: route.title }) : t('create_menu')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={
          route
            ? {
                parent: route.parent as ModuleKey,
                sort: route.sort,
                title_zh: route.custom || route.overridden ? route.title_zh : '',
                title_en: route.custom || route.overridden ? route.title_en : '',
                url: route.url ?? undefined,
                in_menu: route.in_menu,
              }
            : { sort: 0, in_menu: true }
        }
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="parent"
          label={t('menu_parent')}
          rules={[{ required: true, message: t('validation:required') }]}
        >
          <Select options={modules.map((m) => ({ value: m.key, label: m.title }))} data-testid="menu-entry-parent" />
        </Form.Item>
        <Form.Item name="sort" label={t('menu_sort')} rules={[{ required: true, message: t('validation:required') }]}>
          <InputNumber min={0} max={9999} precision={0} data-testid="menu-entry-sort" />
        </Form.Item>
        <Form.Item
          name="title_zh"
          label={t('title_zh')}
          required={custom}
          extra={custom ? undefined : t('title_override_hint', { title: route?.title_zh })}
          rules={[zodRule(titleRule, t, t('rule_menu_title'))]}
        >
          <Input maxLength={64} data-testid="menu-entry-title-zh" />
        </Form.Item>
        <Form.Item
          name="title_en"
          label={t('title_en')}
          required={custom}
          extra={custom ? undefined : t('title_override_hint', { title: route?.title_en })}
          rules={[zodRule(titleRule, t, t('rule_menu_title'))]}
        >
          <Input maxLength={64} data-testid="menu-entry-title-en" />
        </Form.Item>
        {custom && (
          <Form.Item name="url" label={t('menu_url')} required rules={[zodRule(ZMenuUrl, t, t('rule_menu_url'))]}>
            <Input maxLength={255} placeholder="https://" data-testid="menu-entry-url" />
          </Form.Item>
        )}
        <Form.Item name="in_menu" label={t('in_menu_switch')} valuePropName="checked">
          <Switch data-testid="menu-entry-in-menu" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
