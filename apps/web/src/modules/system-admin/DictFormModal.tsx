import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { setFormErrors } from '../../shared/FormModal.tsx';
import { showError } from '../../shared/query-client.ts';
import { createDict, DICTS_KEY, type DictRow, updateDict } from './queries.ts';

interface DictFormValues {
  key: string;
  name: string;
  description: string;
}

/** Creates a dictionary, or edits the name and description of `row` (its key stays). */
export function DictFormModal({ open, row, onClose }: { open: boolean; row?: DictRow; onClose: () => void }) {
  const { t } = useTranslation(['system-admin', 'common', 'validation']);
  const queryClient = useQueryClient();
  const [form] = Form.useForm<DictFormValues>();
  const save = useMutation({
    mutationFn: (values: DictFormValues) =>
      row
        ? updateDict({ id: row.id, name: values.name, description: values.description ?? '' })
        : createDict({ key: values.key, name: values.name, description: values.description ?? '' }),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: DICTS_KEY });
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['key', 'name', 'description'], { dict_key_taken: 'key' })) showError(error);
    },
  });
  return (
    <Modal
      open={open}
      title={row ? t('dict_edit_title', { name: row.name }) : t('dict_create')}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      onCancel={onClose}
      okButtonProps={{ htmlType: 'submit', loading: save.isPending }}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<DictFormValues>
          form={form}
          labelCol={{ flex: '100px' }}
          wrapperCol={{ flex: 'auto' }}
          initialValues={{ key: row?.key ?? '', name: row?.name ?? '', description: row?.description ?? '' }}
          onFinish={(values) => save.mutate(values)}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="key"
        label={t('dict_key')}
        extra={row ? undefined : t('key_hint')}
        rules={[{ required: true, pattern: /^[A-Za-z0-9_]{1,64}$/, message: t('validation:setting_key_format') }]}
      >
        <Input maxLength={64} disabled={!!row} />
      </Form.Item>
      <Form.Item name="name" label={t('dict_name')} rules={[{ required: true, message: t('validation:required') }]}>
        <Input maxLength={64} />
      </Form.Item>
      <Form.Item name="description" label={t('description')}>
        <Input.TextArea rows={2} maxLength={255} showCount />
      </Form.Item>
    </Modal>
  );
}
