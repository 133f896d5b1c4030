import type { TAudienceMode, TPracticeSetDetail } from '@app/contracts';
import { AUDIENCE_MODES } from '@app/contracts/procedures/audiences.ts';
import { PRACTICE_SET_LIMITS, ZPracticeSetInput } from '@app/contracts/procedures/practice-sets.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Space, Spin, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { AudienceFields, audienceValues } from '../audiences/index.ts';
import { categoryOptions, categoryTreeQuery, NodePicker } from '../question-bank/index.ts';
import { PoolPreview } from './PoolPreview.tsx';
import { QuestionPicker } from './QuestionPicker.tsx';
import { createPracticeSet, practiceSetQuery, updatePracticeSet } from './queries.ts';

interface Values {
  name: string;
  description: string;
  category_ids: number[];
  node_ids: number[];
  question_ids: number[];
  per_session: number;
  lock_category_id: number | null;
  audience: TAudienceMode;
  audience_group_ids: number[];
  audience_user_ids: number[];
}

const FIELDS: (keyof Values)[] = [
  'name',
  'description',
  'category_ids',
  'node_ids',
  'question_ids',
  'per_session',
  'lock_category_id',
  'audience',
  'audience_group_ids',
  'audience_user_ids',
];

/** Create a practice set (a draft) or edit one: its name, pool sources, questions per session and lock category. */
export function PracticeSetDrawer({
  setId,
  onClose,
  onSaved,
}: {
  /** null = a new set. */
  setId: number | null;
  onClose: () => void;
  onSaved: (saved: TPracticeSetDetail) => void;
}) {
  const { t } = useTranslation(['practice-sets', 'common', 'validation']);
  const detail = useQuery({
    ...practiceSetQuery(setId),
    enabled: setId !== null,
  });
  return (
    <Drawer
      open
      width={720}
      title={setId === null ? t('create_title') : t('edit_title', { name: detail.data?.name ?? '' })}
      onClose={onClose}
      destroyOnHidden
    >
      {setId !== null && detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />
      ) : setId !== null && !detail.data ? (
        <Spin />
      ) : (
        <SetForm set={detail.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Drawer>
  );
}

function SetForm({
  set,
  onClose,
  onSaved,
}: {
  set?: TPracticeSetDetail;
  onClose: () => void;
  onSaved: (saved: TPracticeSetDetail) => void;
}) {
  const { t } = useTranslation(['practice-sets', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const tree = useQuery(categoryTreeQuery(true));
  const treeData = categoryOptions(tree.data?.list ?? [], { passedOnly: true });
  const categoryIds = Form.useWatch('category_ids', form) ?? set?.category_ids ?? [];
  const nodeIds = Form.useWatch('node_ids', form) ?? set?.node_ids ?? [];
  const questionIds = Form.useWatch('question_ids', form) ?? set?.question_ids ?? [];
  const perSession = Form.useWatch('per_session', form) ?? set?.per_session;

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        ...values,
        name: values.name.trim(),
        description: (values.description ?? '').trim(),
        lock_category_id: values.lock_category_id ?? null,
        audience_group_ids: values.audience === 'chosen' ? (values.audience_group_ids ?? []) : [],
        audience_user_ids: values.audience === 'chosen' ? (values.audience_user_ids ?? []) : [],
      };
      return set ? updatePracticeSet({ id: set.id, ...input }) : createPracticeSet(input);
    },
    onSuccess: (saved) => {
      void message.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      const fields = fieldErrorsOf<keyof Values>(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else showError(error);
    },
  });

  const categorySelect = (multiple: boolean, testId: string) => (
    <TreeSelect
      multiple={multiple}
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeData={treeData}
      loading={tree.isLoading}
      treeDefaultExpandAll
      placeholder={
        tree.isError
          ? t('categories_unavailable')
          : t(multiple ? 'categories_placeholder' : 'lock_category_placeholder')
      }
      aria-label={
        tree.isError
          ? t('categories_unavailable')
          : t(multiple ? 'categories_placeholder' : 'lock_category_placeholder')
      }
      notFoundContent={tree.isError ? t('categories_unavailable') : t('categories_none')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        name: set?.name ?? '',
        description: set?.description ?? '',
        category_ids: set?.category_ids ?? [],
        node_ids: set?.node_ids ?? [],
        question_ids: set?.question_ids ?? [],
        per_session: set?.per_session ?? 10,
        lock_category_id: set?.lock_category_id ?? null,
        ...audienceValues<TAudienceMode>(set?.audience, 'everyone'),
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item
        name="name"
        label={t('name')}
        rules={[zodRule(ZPracticeSetInput.shape.name, t)]}
        extra={t('name_help', { max: PRACTICE_SET_LIMITS.name })}
      >
        <Input maxLength={PRACTICE_SET_LIMITS.name} showCount autoFocus data-testid="practice-set-name" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('description')}
        rules={[{ max: PRACTICE_SET_LIMITS.description, message: t('validation:too_long') }]}
      >
        <Input.TextArea
          maxLength={PRACTICE_SET_LIMITS.description}
          showCount
          autoSize={{ minRows: 2, maxRows: 5 }}
          data-testid="practice-set-description"
        />
      </Form.Item>
      <Form.Item name="category_ids" label={t('categories')} extra={t('categories_help')}>
        {categorySelect(true, 'practice-set-categories')}
      </Form.Item>
      <Form.Item name="node_ids" label={t('nodes')} extra={t('nodes_help')} getValueFromEvent={(ids: number[]) => ids}>
        <NodeField />
      </Form.Item>
      <Form.Item name="question_ids" label={t('questions')} extra={t('questions_help')}>
        <QuestionPicker known={set?.questions ?? []} />
      </Form.Item>
      <Form.Item label={t('pool')}>
        <PoolPreview
          pool={{ category_ids: categoryIds, node_ids: nodeIds, question_ids: questionIds }}
          perSession={perSession}
        />
      </Form.Item>
      <Form.Item
        name="per_session"
        label={t('per_session')}
        extra={t('per_session_help', { max: PRACTICE_SET_LIMITS.perSession })}
        rules={[{ required: true, message: t('validation:required') }]}
      >
        <InputNumber
          min={1}
          max={PRACTICE_SET_LIMITS.perSession}
          precision={0}
          data-testid="practice-set-per-session"
        />
      </Form.Item>
      <Form.Item name="lock_category_id" label={t('lock_category')} extra={t('lock_category_help')}>
        {categorySelect(false, 'practice-set-lock')}
      </Form.Item>
      <AudienceFields modes={AUDIENCE_MODES} subject="practice_set" known={set?.audience} />
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="practice-set-save">
          {t('common:save')}
        </Button>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
      </Space>
    </Form>
  );
}

/** The node picker as a form control (Form.Item passes value and onChange). */
function NodeField({ value, onChange }: { value?: number[]; onChange?: (ids: number[]) => void }) {
  return <NodePicker value={value ?? []} onChange={(ids) => onChange?.(ids)} />;
}
