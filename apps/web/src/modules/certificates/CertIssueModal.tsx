import { CERT_LIMITS } from '@app/contracts/procedures/certificates.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormModal } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { certUserOptionsQuery, issueCerts } from './queries.ts';

interface Values {
  template_id: number;
  /** labelInValue: the chosen members keep their names while the search shows others. */
  users: { value: number; label: string }[];
  subject: string;
  score?: string;
}

/** Issues a template by hand to chosen members of the organisation (searched as one types). */
export function CertIssueModal({
  open,
  templates,
  onClose,
  onIssued,
}: {
  open: boolean;
  templates: { id: number; name: string }[];
  onClose: () => void;
  onIssued: () => void;
}) {
  const { t } = useTranslation(['certificates', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [keyword, setKeyword] = useState('');
  const options = useQuery({ ...certUserOptionsQuery(keyword), enabled: open });
  const userOptions = (options.data ?? []).map((u) => ({ value: u.id, label: `${u.nickname} (${u.username})` }));

  const issue = useMutation({
    mutationFn: (values: Values) =>
      issueCerts({
        template_id: values.template_id,
        user_ids: values.users.map((u) => u.value),
        subject: values.subject.trim(),
        score: values.score?.trim() ?? '',
      }),
    onSuccess: (result) => {
      void message.success(t('issue_done', { created: result.created, existing: result.existing }));
      onIssued();
    },
    onError: (error) => showError(error),
  });
  const required = { required: true, message: t('validation:required') };

  return (
    <FormModal<Values>
      form={form}
      open={open}
      title={t('issue')}
      okText={t('issue')}
      saving={issue.isPending}
      saveTestId="cert-issue-save"
      initialValues={{ template_id: templates[0]?.id }}
      onFinish={(values) => issue.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="template_id" label={t('issue_template')} rules={[required]}>
        <Select
          options={templates.map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          data-testid="cert-issue-template"
        />
      </Form.Item>
      <Form.Item name="users" label={t('issue_users')} rules={[required]}>
        <Select
          mode="multiple"
          showSearch={{ filterOption: false, onSearch: (value) => setKeyword(value.trim()) }}
          placeholder={t('issue_users_placeholder')}
          loading={options.isFetching}
          options={userOptions}
          labelInValue
          maxCount={CERT_LIMITS.issueUsers}
          data-testid="cert-issue-users"
        />
      </Form.Item>
      <Form.Item name="subject" label={t('issue_subject')} rules={[{ ...required, whitespace: true }]}>
        <Input
          maxLength={CERT_LIMITS.subject}
          placeholder={t('issue_subject_placeholder')}
          data-testid="cert-issue-subject"
        />
      </Form.Item>
      <Form.Item name="score" label={t('issue_score')}>
        <Input maxLength={CERT_LIMITS.score} style={{ width: 160 }} data-testid="cert-issue-score" />
      </Form.Item>
    </FormModal>
  );
}
