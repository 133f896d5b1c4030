import type { TKnowledgeNode } from '@app/contracts';
import { KNOWLEDGE_LIMITS } from '@app/contracts/procedures/knowledge-maps.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, InputNumber, Rate, Row, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api.ts';
import { fieldErrorsOf } from '../../shared/form-rules.ts';
import { showError } from '../../shared/query-client.ts';
import { createNode, labelOptionsQuery, updateNode } from './queries.ts';

interface Values {
  code: string;
  name: string;
  skill?: string;
  content?: string;
  knowledge_points?: string[];
  importance: number;
  sort?: number;
  label_ids?: number[];
}

const FIELDS: (keyof Values)[] = [
  'code',
  'name',
  'skill',
  'content',
  'knowledge_points',
  'importance',
  'sort',
  'label_ids',
];

/** The labels of the organisation as a multiple select with coloured tags. */
export function LabelSelect(props: { value?: number[]; onChange?: (ids: number[]) => void }) {
  const { t } = useTranslation('knowledge-maps');
  const labels = useQuery(labelOptionsQuery());
  const colorOf = new Map((labels.data?.list ?? []).map((l) => [l.id, l.color]));
  return (
    <Select<number[]>
      mode="multiple"
      allowClear
      optionFilterProp="label"
      loading={labels.isLoading}
      placeholder={t('labels_placeholder')}
      aria-label={t('labels_placeholder')}
      notFoundContent={t('labels_none')}
      options={(labels.data?.list ?? []).map((l) => ({ value: l.id, label: l.name }))}
      maxCount={KNOWLEDGE_LIMITS.labels}
      tagRender={({ label, value, closable, onClose }) => (
        <Tag color={colorOf.get(value as number)} closable={closable} onClose={onClose} style={{ marginInlineEnd: 4 }}>
          {label}
        </Tag>
      )}
      data-testid="node-labels"
      {...props}
    />
  );
}

/**
 * Creates a node (under `parentId`, or at the top) or edits `node`: code, name, skill, content, knowledge points
 * (free tags), importance 1-5, sort and labels.
 */
export function NodeForm({
  mapId,
  node,
  parentId,
  onSaved,
  onCancel,
  extra,
}: {
  mapId: number;
  node?: TKnowledgeNode;
  parentId?: number | null;
  onSaved: (saved: TKnowledgeNode) => void;
  onCancel?: () => void;
  extra?: React.ReactNode;
}) {
  const { t } = useTranslation(['knowledge-maps', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        code: values.code.trim(),
        name: values.name.trim(),
        skill: (values.skill ?? '').trim(),
        content: (values.content ?? '').trim(),
        knowledge_points: (values.knowledge_points ?? []).map((p) => p.trim()).filter(Boolean),
        importance: values.importance,
        sort: values.sort ?? 0,
        label_ids: values.label_ids ?? [],
      };
      return node
        ? updateNode({ id: node.id, ...input })
        : createNode({ map_id: mapId, parent_id: parentId ?? null, ...input });
    },
    onSuccess: (saved) => {
      void message.success(t('saved'));
      onSaved(saved);
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'knowledge_node_code_taken') {
        form.setFields([{ name: 'code', errors: [error.message] }]);
        return;
      }
      const fields = fieldErrorsOf<keyof Values>(error, FIELDS);
      if (fields.length > 0) form.setFields(fields);
      else showError(error);
    },
  });
  const required = { required: true, whitespace: true, message: t('validation:required') };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        code: node?.code ?? '',
        name: node?.name ?? '',
        skill: node?.skill ?? '',
        content: node?.content ?? '',
        knowledge_points: node?.knowledge_points ?? [],
        importance: node?.importance ?? 3,
        sort: node?.sort ?? 0,
        label_ids: node?.labels.map((l) => l.id) ?? [],
      }}
      onFinish={(values) => save.mutate(values)}
      data-testid="node-form"
    >
      <Row gutter={12}>
        <Col xs={24} md={10}>
          <Form.Item
            name="code"
            label={t('code')}
            rules={[required, { pattern: /^[\w.-]+$/, message: t('code_invalid') }]}
            extra={t('code_help')}
          >
            <Input maxLength={KNOWLEDGE_LIMITS.code} data-testid="node-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={14}>
          <Form.Item name="name" label={t('node_name')} rules={[required]}>
            <Input maxLength={KNOWLEDGE_LIMITS.nodeName} data-testid="node-name" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="skill" label={t('skill')}>
        <Input maxLength={KNOWLEDGE_LIMITS.skill} placeholder={t('skill_placeholder')} data-testid="node-skill" />
      </Form.Item>
      <Form.Item name="content" label={t('content')}>
        <Input.TextArea
          maxLength={KNOWLEDGE_LIMITS.content}
          showCount
          autoSize={{ minRows: 3, maxRows: 8 }}
          data-testid="node-content"
        />
      </Form.Item>
      <Form.Item name="knowledge_points" label={t('knowledge_points')} extra={t('knowledge_points_help')}>
        <Select<string[]>
          mode="tags"
          open={false}
          tokenSeparators={[',', '，', ';', '；']}
          maxCount={KNOWLEDGE_LIMITS.points}
          placeholder={t('knowledge_points_placeholder')}
          data-testid="node-points"
        />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="importance" label={t('importance')}>
          <Rate count={5} allowClear={false} data-testid="node-importance" />
        </Form.Item>
        <Form.Item name="sort" label={t('sort')}>
          <InputNumber min={0} max={1_000_000} precision={0} data-testid="node-sort" />
        </Form.Item>
      </Space>
      <Form.Item name="label_ids" label={t('labels')}>
        <LabelSelect />
      </Form.Item>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="node-save">
          {node ? t('common:save') : t('node_create')}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common:cancel')}</Button>}
        {extra}
      </Space>
    </Form>
  );
}
