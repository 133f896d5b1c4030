import { INVIGILATION_LIMITS } from '@app/contracts/procedures/invigilation.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { useGridChanged, warnCandidate } from './queries.ts';

interface Values {
  message: string;
}

/** Warns one candidate answering now: the message shows on their page until they acknowledge it. */
export function WarnModal({ attemptId, name, onClose }: { attemptId: number; name: string; onClose: () => void }) {
  const { t } = useTranslation(['invigilation', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const changed = useGridChanged();
  const warn = useMutation({
    mutationFn: (values: Values) => warnCandidate(attemptId, values.message.trim()),
    onSuccess: async () => {
      void message.success(t('warn_sent', { name }));
      onClose();
      await changed();
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['message'])) showError(error);
    },
  });
  return (
    <FormModal<Values>
      form={form}
      title={t('warn_title', { name })}
      okText={t('warn_send')}
      saving={warn.isPending}
      saveTestId="invigilation-warn-send"
      onFinish={(values) => warn.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="message"
        label={t('warn_message')}
        extra={t('warn_help')}
        rules={[{ required: true, whitespace: true, message: t('validation:required') }]}
      >
        <Input.TextArea
          autoFocus
          maxLength={INVIGILATION_LIMITS.warning}
          showCount
          autoSize={{ minRows: 3, maxRows: 6 }}
          placeholder={t('warn_placeholder')}
          data-testid="invigilation-warn-text"
        />
      </Form.Item>
    </FormModal>
  );
}
