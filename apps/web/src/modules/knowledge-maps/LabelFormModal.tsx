import type { TKnowledgeLabelRow } from '@app/contracts';
import { KNOWLEDGE_LIMITS } from '@app/contracts/procedures/knowledge-maps.ts';
import { useMutation } from '@tanstack/react-query';
import { App, ColorPicker, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { createLabel, updateLabel } from './queries.ts';

interface Values {
  name: string;
  color: string | { toHexString(): string };
  description?: string;
}

const hex = (color: Values['color']) => (typeof color === 'string' ? color : color.toHexString()).slice(0, 7);

/** Creates a label or changes its name, colour and description. */
export function LabelFormModal({
  label,
  onClose,
  onSaved,
}: {
  label?: TKnowledgeLabelRow;
  onClose: () => void;
  onSaved: (saved: TKnowledgeLabelRow) => void;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        name: values.name.trim(),
        color: hex(values.color),
        description: (values.description ?? '').trim(),
      };
      return label ? updateLabel({ id: label.id, ...input }) : createLabel(input);
    },
    onSuccess: (saved) => {
      void message.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['name', 'color', 'description'], { knowledge_label_name_taken: 'name' })) {
        showError(error);
      }
    },
  });
  return (
    <FormModal<Values>
      form={form}
      title={label ? t('label_edit_title', { name: label.name }) : t('label_create_title')}
      saving={save.isPending}
      saveTestId="label-form-save"
      initialValues={{
        name: label?.name ?? '',
        color: label?.color ?? '#1677ff',
        description: label?.description ?? '',
      }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item
        name="name"
        label={t('label_name')}
        rules={[{ required: true, whitespace: true, message: t('validation:required') }]}
      >
        <Input maxLength={KNOWLEDGE_LIMITS.labelName} showCount autoFocus data-testid="label-name" />
      </Form.Item>
      <Form.Item name="color" label={t('color')}>
        <ColorPicker disabledAlpha showText format="hex" data-testid="label-color" />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea
          maxLength={KNOWLEDGE_LIMITS.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="label-description"
        />
      </Form.Item>
    </FormModal>
  );
}
