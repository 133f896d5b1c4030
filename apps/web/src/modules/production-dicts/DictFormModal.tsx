import type { TLabelDictDetail, TLabelDictRow } from '@app/contracts';
import { LABEL_DICT_LIMITS, ZLabelDictName } from '@app/contracts/procedures/production-dicts.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { createDict, updateDict } from './queries.ts';

interface Values {
  name: string;
  description: string;
}

/** Create a dictionary (then its items editor opens) or change its name and description. */
export function DictFormModal({
  open,
  dict,
  onClose,
  onSaved,
}: {
  open: boolean;
  dict?: TLabelDictRow;
  onClose: () => void;
  onSaved: (saved: TLabelDictDetail, created: boolean) => void;
}) {
  const { t } = useTranslation(['production-dicts', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = { name: values.name.trim(), description: (values.description ?? '').trim() };
      return dict ? updateDict({ id: dict.id, ...input }) : createDict(input);
    },
    onSuccess: (saved) => {
      void message.success(t('saved'));
      onSaved(saved, !dict);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'description'], { dict_name_taken: 'name' })) {
        showError(error);
      }
    },
  });

  return (
    <FormModal<Values>
      form={form}
      open={open}
      title={dict ? t('edit_title', { name: dict.name }) : t('create_title')}
      saving={save.isPending}
      saveTestId="dict-form-save"
      initialValues={{ name: dict?.name ?? '', description: dict?.description ?? '' }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="name" label={t('name')} extra={t('name_help')} rules={[zodRule(ZLabelDictName, t)]}>
        <Input maxLength={LABEL_DICT_LIMITS.name} showCount autoFocus data-testid="dict-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[{ max: LABEL_DICT_LIMITS.description, message: t('validation:too_long') }]}
      >
        <Input.TextArea
          maxLength={LABEL_DICT_LIMITS.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="dict-description"
        />
      </Form.Item>
    </FormModal>
  );
}
