import type { TClassGroupRow, TGroupKind } from '@app/contracts';
import { GROUP_LIMITS } from '@app/contracts/procedures/groups.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { createGroup, updateGroup } from './queries.ts';

interface Values {
  name: string;
}

/** Creating a class or team group (its name), or renaming one. */
export function GroupFormModal({
  kind,
  group,
  onClose,
  onSaved,
}: {
  kind: TGroupKind;
  group: TClassGroupRow | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation(['groups', 'common']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: ({ name }: Values) =>
      group ? updateGroup({ id: group.id, name: name.trim() }) : createGroup({ kind, name: name.trim() }),
    onSuccess: () => {
      void message.success(t(group ? 'saved' : 'created'));
      onSaved();
    },
    onError: (error) => form.setFields(fieldErrorsOf(error, ['name'] as const)),
  });
  const max = GROUP_LIMITS.name;
  return (
    <Modal
      open
      title={t(
        group ? (kind === 'class' ? 'edit_class' : 'edit_team') : kind === 'class' ? 'create_class' : 'create_team',
      )}
      okText={t('common:save')}
      cancelText={t('common:cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': 'group-form-submit' }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ name: group?.name ?? '' }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="name"
          label={t('name_label')}
          rules={[
            {
              validator: async (_rule, value: string | undefined) => {
                const length = (value ?? '').trim().length;
                if (length < 1 || length > max) throw new Error(t('name_length', { max }));
              },
            },
          ]}
        >
          <Input
            autoFocus
            showCount
            maxLength={max}
            placeholder={t('name_placeholder', { max })}
            data-testid="group-name"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
