import type { TKnowledgeMapRow } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../app/query-client.ts';
import { ApiError, api } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { MapInfoFields } from './MapInfoFields.tsx';

interface Values {
  name: string;
  description?: string;
  category_id?: number | null;
}

/** Changes a map's name, description and category. */
export function MapFormModal({
  map,
  onClose,
  onSaved,
}: {
  map: TKnowledgeMapRow;
  onClose: () => void;
  onSaved: (saved: TKnowledgeMapRow) => void;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) =>
      api('/dataset-map/update', {
        id: map.id,
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        category_id: values.category_id ?? null,
      }),
    onSuccess: (saved) => {
      void message.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'knowledge_map_name_taken') {
        form.setFields([{ name: 'name', errors: [error.message] }]);
        return;
      }
      const fields = fieldErrorsOf<keyof Values>(error, ['name', 'description', 'category_id']);
      if (fields.length > 0) form.setFields(fields);
      else showError(error);
    },
  });
  return (
    <Modal
      open
      title={t('map_edit_title', { name: map.name })}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      okButtonProps={{ loading: save.isPending, ...{ 'data-testid': 'map-form-save' } }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: map.name, description: map.description, category_id: map.category_id }}
        onFinish={(values) => save.mutate(values)}
      >
        <MapInfoFields />
      </Form>
    </Modal>
  );
}
