import type { TCertTemplateRow } from '@app/contracts';
import { CERT_LIMITS } from '@app/contracts/procedures/certificates.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { createCertTemplate, updateCertTemplate } from './queries.ts';

interface Values {
  name: string;
  title: string;
  body?: string;
  issuer?: string;
  valid_months?: number | null;
}

/** Creates a template, or edits `template`: name, printed title, text with placeholders, issuer, validity. */
export function CertTemplateModal({
  open,
  template,
  onClose,
  onSaved,
}: {
  open: boolean;
  template?: TCertTemplateRow;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['certificates', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const required = [{ required: true, whitespace: true, message: t('validation:required') }];

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        name: values.name.trim(),
        title: values.title.trim(),
        body: values.body?.trim() ?? '',
        issuer: values.issuer?.trim() ?? '',
        valid_months: values.valid_months ?? null,
      };
      return template ? updateCertTemplate({ id: template.id, ...input }) : createCertTemplate(input);
    },
    onSuccess: () => {
      void message.success(t('template_saved'));
      onSaved();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'title', 'body', 'issuer', 'valid_months'])) {
        showError(error);
      }
    },
  });

  return (
    <FormModal<Values>
      form={form}
      open={open}
      title={template ? t('template_edit') : t('template_create')}
      saving={save.isPending}
      saveTestId="cert-template-save"
      initialValues={
        template ? { ...template, valid_months: template.valid_months ?? undefined } : { valid_months: 12, body: '' }
      }
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('template_name')} rules={required}>
        <Input maxLength={CERT_LIMITS.name} showCount autoFocus data-testid="cert-template-name" />
      </Form.Item>
      <Form.Item name="title" label={t('template_title')} rules={required}>
        <Input
          maxLength={CERT_LIMITS.title}
          placeholder={t('template_title_placeholder')}
          data-testid="cert-template-title"
        />
      </Form.Item>
      <Form.Item name="body" label={t('template_body')} extra={t('template_body_help')}>
        <Input.TextArea rows={4} maxLength={CERT_LIMITS.body} showCount data-testid="cert-template-body" />
      </Form.Item>
      <Form.Item name="issuer" label={t('template_issuer')} extra={t('template_issuer_help')}>
        <Input maxLength={CERT_LIMITS.issuer} data-testid="cert-template-issuer" />
      </Form.Item>
      <Form.Item name="valid_months" label={t('valid_months')} extra={t('valid_months_help')}>
        <InputNumber
          min={1}
          max={CERT_LIMITS.validMonths}
          precision={0}
          style={{ width: '100%' }}
          data-testid="cert-template-months"
        />
      </Form.Item>
    </FormModal>
  );
}
