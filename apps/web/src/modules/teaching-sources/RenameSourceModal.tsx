import type { TTeachingSource } from '@app/contracts';
import { TEACHING_SOURCE_LIMITS, teachingSourceProcedures } from '@app/contracts/procedures/teaching-sources.ts';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormModal, setFormErrors } from '../../shared/FormModal.tsx';
import { zodRule } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { renameTeachingSource } from './queries.ts';

const ZTitle = teachingSourceProcedures.teachingSourceUpdate.input.shape.title;

/** Renames a source (its file stays as it is; course tasks showing it show the new title). */
export function RenameSourceModal({
  source,
  onClose,
  onSaved,
}: {
  source: TTeachingSource;
  onClose: () => void;
  onSaved: (source: TTeachingSource) => void;
}) {
  const { t } = useTranslation(['teaching-sources', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string }>();
  const save = useMutation({
    mutationFn: ({ title }: { title: string }) => renameTeachingSource(source.id, title.trim()),
    onSuccess: (saved) => {
      void message.success(t('renamed'));
      onSaved(saved);
    },
    onError: (error) => {
      if (!setFormErrors(form, error, ['title'])) showError(error);
    },
  });
  return (
    <FormModal<{ title: string }>
      form={form}
      title={t('rename_title')}
      saving={save.isPending}
      saveTestId="source-rename-save"
      initialValues={{ title: source.title }}
      onFinish={(values) => save.mutate(values)}
      onClose={onClose}
    >
      <Form.Item name="title" label={t('title')} rules={[zodRule(ZTitle, t)]} extra={t('rename_help')}>
        <Input maxLength={TEACHING_SOURCE_LIMITS.title} showCount autoFocus data-testid="source-rename-title" />
      </Form.Item>
    </FormModal>
  );
}
