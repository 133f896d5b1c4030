import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import type { TStepType } from '@app/contracts';
import { SETUP_LIMITS, STEP_TYPES } from '@app/contracts/procedures/projects-setup.ts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Input, InputNumber, Select, Space, Switch, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { categoryOptionsQuery, templateOptionsQuery } from '../queries.ts';

/** One step of the process editor as the person edits it (`key`: its id, or `new-N` until saved). */
export interface StepDraft {
  key: string;
  name: string;
  type: TStepType;
  parent_key: string | null;
  category_id: number | null;
  template_id: number | null;
  review_order: 'operator' | 'data';
  review_random: boolean;
  qc_ratio: number | null;
  open_audit_edit: boolean;
}

/** One step's fields: name, type, and the category and template or the reviewed step and review options. */
export function StepCard({
  step,
  index,
  steps,
  problems,
  onPatch,
  onMove,
  onRemove,
}: {
  step: StepDraft;
  index: number;
  steps: StepDraft[];
  problems?: string[];
  onPatch: (values: Partial<StepDraft>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('projects');
  const categories = useQuery(categoryOptionsQuery());
  const templates = useQuery({
    ...templateOptionsQuery(step.category_id),
    enabled: step.type === 'execute' && Boolean(step.category_id),
  });
  const executeSteps = steps.filter((s) => s.type === 'execute' && s.key !== step.key);
  return (
    <Card
      size="small"
      data-testid={`step-card-${index}`}
      title={
        <Space>
          <Tag>{index + 1}</Tag>
          {step.name.trim() || t('step_unnamed')}
          <Tag color={step.type === 'execute' ? 'blue' : 'orange'}>{t(`step_type_${step.type}`)}</Tag>
        </Space>
      }
      extra={
        <Space size={0}>
          <Button
            type="text"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={t('move_up')}
          />
          <Button
            type="text"
            icon={<ArrowDownOutlined />}
            disabled={index === steps.length - 1}
            onClick={() => onMove(1)}
            aria-label={t('move_down')}
          />
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            disabled={!onRemove}
            onClick={onRemove}
            aria-label={t('remove')}
          />
        </Space>
      }
    >
      <Form layout="inline" component="div" style={{ rowGap: 8 }}>
        <Form.Item label={t('step_name')} required>
          <Input
            value={step.name}
            maxLength={SETUP_LIMITS.stepNameMax}
            onChange={(e) => onPatch({ name: e.target.value })}
            style={{ width: 140 }}
            data-testid={`step-name-${index}`}
          />
        </Form.Item>
        <Form.Item label={t('step_type')}>
          <Select
            value={step.type}
            onChange={(type: TStepType) => onPatch({ type })}
            options={STEP_TYPES.map((type) => ({ value: type, label: t(`step_type_${type}`) }))}
            style={{ width: 120 }}
            data-testid={`step-type-${index}`}
          />
        </Form.Item>
        {step.type === 'execute' ? (
          <>
            <Form.Item label={t('category')} required>
              <Select
                value={step.category_id}
                onChange={(category_id: number) => onPatch({ category_id, template_id: null })}
                options={(categories.data?.list ?? []).map((c) => ({ value: c.id, label: c.name }))}
                loading={categories.isLoading}
                style={{ width: 160 }}
              />
            </Form.Item>
            <Form.Item label={t('template')} required>
              <Select
                value={step.template_id}
                onChange={(template_id: number) => onPatch({ template_id })}
                options={(templates.data?.list ?? [])
                  .filter((tpl) => tpl.category_id === step.category_id)
                  .map((tpl) => ({ value: tpl.id, label: `${tpl.name} · ${t(`template_scope_${tpl.scope}`)}` }))}
                loading={templates.isLoading}
                style={{ width: 220 }}
                data-testid={`step-template-${index}`}
              />
            </Form.Item>
          </>
        ) : (
          <>
            <Form.Item label={t('step_parent')} required>
              <Select
                value={step.parent_key}
                onChange={(parent_key: string) => onPatch({ parent_key })}
                options={executeSteps.map((s) => ({ value: s.key, label: s.name.trim() || t('step_unnamed') }))}
                style={{ width: 140 }}
                data-testid={`step-parent-${index}`}
              />
            </Form.Item>
            <Form.Item label={t('review_order')}>
              <Select
                value={step.review_order}
                onChange={(review_order: 'operator' | 'data') => onPatch({ review_order })}
                options={[
                  { value: 'data', label: t('review_order_data') },
                  { value: 'operator', label: t('review_order_operator') },
                ]}
                style={{ width: 140 }}
              />
            </Form.Item>
            <Form.Item label={t('review_random')}>
              <Switch checked={step.review_random} onChange={(review_random) => onPatch({ review_random })} />
            </Form.Item>
            <Form.Item label={t('open_audit_edit')}>
              <Switch
                checked={step.open_audit_edit}
                onChange={(open_audit_edit) => onPatch({ open_audit_edit })}
                data-testid={`step-audit-edit-${index}`}
              />
            </Form.Item>
            {step.type === 'qc' && (
              <Form.Item label={t('qc_ratio')} required>
                <InputNumber
                  min={1}
                  max={100}
                  precision={0}
                  suffix="%"
                  value={step.qc_ratio}
                  onChange={(qc_ratio) => onPatch({ qc_ratio })}
                  style={{ width: 100 }}
                />
              </Form.Item>
            )}
          </>
        )}
      </Form>
      {problems?.map((p) => (
        <div key={p}>
          <Typography.Text type="danger">{p}</Typography.Text>
        </div>
      ))}
    </Card>
  );
}
