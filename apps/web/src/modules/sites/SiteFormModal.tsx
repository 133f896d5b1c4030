import type { TSiteDetail } from '@app/contracts';
import {
  clearable,
  endsAfterStart,
  ZDomain,
  ZSiteAddress,
  ZSiteName,
  ZSiteNameEn,
  ZSiteRemarks,
} from '@app/contracts/rules.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { createSite, siteFormQuery, updateSite, usePlaces, useSitesChanged } from './queries.ts';

interface SiteFormValues {
  name: string;
  name_en: string;
  service_type: 0 | 1;
  domain: string;
  address: string;
  province: string | null;
  remarks: string;
  start_at: Dayjs | null;
  end_at: Dayjs | null;
  manager: string;
}

const FIELDS = [
  'name',
  'name_en',
  'service_type',
  'domain',
  'address',
  'province',
  'remarks',
  'start_at',
  'end_at',
  'manager',
] as const;
const ZOptionalNameEn = clearable(ZSiteNameEn);
const ZOptionalDomain = clearable(ZDomain);
const ZOptionalAddress = clearable(ZSiteAddress);
const ZOptionalRemarks = clearable(ZSiteRemarks);

const valuesOf = (site: TSiteDetail | undefined): SiteFormValues => ({
  name: site?.name ?? '',
  name_en: site?.name_en ?? '',
  service_type: site?.service_type === 1 ? 1 : 0,
  domain: site?.domain ?? '',
  address: site?.address ?? '',
  province: site?.province ?? null,
  remarks: site?.remarks ?? '',
  start_at: site?.start_at ? dayjs(site.start_at) : null,
  end_at: site?.end_at ? dayjs(site.end_at) : null,
  manager: '',
});

/**
 * Creates an organisation (no `site`) or edits one, in a modal. Every rule of the contract is checked as the
 * person types; the server's answers (name taken, unknown manager, field errors) land on their fields.
 */
export function SiteFormModal({ open, site, onClose }: { open: boolean; site?: TSiteDetail; onClose: () => void }) {
  const { t } = useTranslation(['sites', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<SiteFormValues>();
  const options = useQuery(siteFormQuery());
  const places = usePlaces();
  const changed = useSitesChanged();

  const save = useMutation({
    mutationFn: (values: SiteFormValues) => {
      const fields = {
        name: values.name.trim(),
        name_en: values.name_en.trim(),
        service_type: values.service_type,
        domain: values.domain.trim(),
        address: values.address.trim(),
        province: values.province ?? '',
        remarks: values.remarks.trim(),
        start_at: values.start_at ? values.start_at.toISOString() : null,
        end_at: values.end_at ? values.end_at.toISOString() : null,
        manager: values.manager.trim() || undefined,
      };
      return site ? updateSite({ id: site.id, ...fields }) : createSite(fields);
    },
    onSuccess: async (detail) => {
      void message.success(t(site ? 'saved' : 'created', { name: detail.name }));
      onClose();
      await changed(detail.id, detail);
    },
    onError: (error) => {
      // Problems of one field are shown on it; anything else in a toast.
      const onFields = fieldErrorsOf(error, FIELDS);
      if (error instanceof ApiError && error.code === 'site_name_taken') {
        onFields.push({ name: 'name', errors: [error.message] });
      } else if (error instanceof ApiError && error.code === 'user_not_found') {
        onFields.push({ name: 'manager', errors: [error.message] });
      }
      if (onFields.length) form.setFields(onFields);
      else showError(error);
    },
  });

  const periodRule: Rule = ({ getFieldValue }) => ({
    validator: async (_rule, end: Dayjs | null) => {
      const start = getFieldValue('start_at') as Dayjs | null;
      if (!endsAfterStart({ start_at: start?.toISOString(), end_at: end?.toISOString() })) {
        throw new Error(t('validation:end_before_start'));
      }
    },
  });

  const serviceTypes = options.data?.service_types ?? [
    { value: 0, key: 'standard' },
    { value: 1, key: 'annotation_team' },
  ];

  return (
    <Modal
      open={open}
      title={site ? t('edit_title', { name: site.name }) : t('create_title')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending, ...{ 'data-testid': 'site-save' } }}
      destroyOnHidden
      width={640}
      modalRender={(dom) => (
        <Form<SiteFormValues>
          form={form}
          layout="horizontal"
          labelCol={{ flex: '120px' }}
          labelWrap
          wrapperCol={{ flex: 'auto' }}
          initialValues={valuesOf(site)}
          clearOnDestroy
          onFinish={(values) => save.mutate(values)}
          data-testid="site-form"
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item name="name" label={t('name')} required rules={[zodRule(ZSiteName, t)]}>
        <Input maxLength={40} data-testid="site-form-name" />
      </Form.Item>
      <Form.Item name="name_en" label={t('name_en')} rules={[zodRule(ZOptionalNameEn, t)]}>
        <Input maxLength={80} data-testid="site-form-name-en" />
      </Form.Item>
      <Form.Item name="service_type" label={t('service_type')} required extra={t('service_type_hint')}>
        <Radio.Group
          optionType="button"
          options={serviceTypes.map((type) => ({ value: type.value, label: t(`service_type_${type.key}`) }))}
          data-testid="site-form-service-type"
        />
      </Form.Item>
      <Form.Item name="domain" label={t('domain')} rules={[zodRule(ZOptionalDomain, t)]}>
        <Input maxLength={260} placeholder={t('domain_placeholder')} data-testid="site-form-domain" />
      </Form.Item>
      <Form.Item name="address" label={t('address')} rules={[zodRule(ZOptionalAddress, t)]}>
        <Input maxLength={260} data-testid="site-form-address" />
      </Form.Item>
      <Form.Item name="province" label={t('province')}>
        <Select
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('province_placeholder')}
          loading={places.isLoading}
          options={places.options}
          data-testid="site-form-province"
        />
      </Form.Item>
      <Form.Item label={t('period')} style={{ marginBottom: 0 }}>
        <div style={{ display: 'flex', gap: 8, flexWrap: 'wrap' }}>
          <Form.Item name="start_at">
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder={t('start_at')}
              data-testid="site-form-start"
            />
          </Form.Item>
          <Form.Item name="end_at" dependencies={['start_at']} rules={[periodRule]}>
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              placeholder={t('end_at')}
              data-testid="site-form-end"
            />
          </Form.Item>
        </div>
      </Form.Item>
      <Form.Item name="remarks" label={t('remarks')} rules={[zodRule(ZOptionalRemarks, t)]}>
        <Input.TextArea rows={2} showCount maxLength={255} data-testid="site-form-remarks" />
      </Form.Item>
      <Form.Item
        name="manager"
        label={site ? t('manager_add') : t('manager')}
        extra={t('manager_hint')}
        rules={[{ max: 64, message: t('validation:too_long') }]}
      >
        <Input maxLength={64} placeholder={t('manager_placeholder')} data-testid="site-form-manager" />
      </Form.Item>
    </Modal>
  );
}
