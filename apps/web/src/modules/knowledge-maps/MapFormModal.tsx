import type { TKnowledgeMapRow } from '@app/contracts';
import { useMutation } from '@tanstack/react-query';
import { App, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { MapInfoFields } from './MapInfoFields.tsx';
import { updateMap } from './queries.ts';

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
      updateMap({
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
      if (!setFormErrors(form, error, ['name', 'description', 'category_id'], { knowledge_map_name_taken: 'name' })) {
        showError(error);
      }
    },
  });
  return (
    <FormModal<Values>
      form={form}
      title={t('map_edit_title', { name: map.name })}
      saving={save.isPending}
      saveTestId="map-form-save"
      initialValues={{ name: map.name, description: map.description, category_id: map.category_id }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <MapInfoFields />
    </FormModal>
  );
}
