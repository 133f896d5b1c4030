import { PlusOutlined } from '@ant-design/icons';
import type { TStepRow, TStepType } from '@app/contracts';
import { SETUP_LIMITS, STEP_TYPES } from '@app/contracts/procedures/projects-setup.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Skeleton, Space } from 'antd';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../shared/LoadFailed.tsx';
import { saveSteps, stepListQuery } from '../queries.ts';
import { StepCard, type StepDraft } from './StepCard.tsx';
import { StepFooter } from './StepFooter.tsx';
import type { StepProps } from './wizard-types.ts';

const draftOf = (row: TStepRow): StepDraft => ({
  key: String(row.id),
  name: row.name,
  type: row.type,
  parent_key: row.parent_step_id ? String(row.parent_step_id) : null,
  category_id: row.category_id,
  template_id: row.template_id,
  review_order: row.config.review_order,
  review_random: row.config.review_random,
  qc_ratio: row.config.qc_ratio,
  open_audit_edit: row.config.open_audit_edit,
});

/** The problems of each step, by key, as the server would answer them (names 2-6 characters, unique; review steps under an execute step). */
function problemsOf(steps: StepDraft[], t: TFunction): Map<string, string[]> {
  const problems = new Map<string, string[]>();
  for (const step of steps) {
    const list: string[] = [];
    const name = step.name.trim();
    if (name.length < SETUP_LIMITS.stepNameMin || name.length > SETUP_LIMITS.stepNameMax) {
      list.push(t('step_name_rule', { min: SETUP_LIMITS.stepNameMin, max: SETUP_LIMITS.stepNameMax }));
    } else if (steps.some((other) => other.key !== step.key && other.name.trim() === name)) {
      list.push(t('step_name_unique'));
    }
    if (step.type === 'execute') {
      if (!step.category_id || !step.template_id) list.push(t('step_execute_needs_template'));
    } else {
      const parent = steps.find((other) => other.key === step.parent_key);
      if (parent?.type !== 'execute' || !parent.template_id) list.push(t('step_review_needs_parent'));
    }
    if (step.type === 'qc' && (!step.qc_ratio || step.qc_ratio < 1 || step.qc_ratio > 100)) {
      list.push(t('step_qc_ratio_rule'));
    }
    if (list.length) problems.set(step.key, list);
  }
  return problems;
}

/** The wizard's process step: the ordered steps (execute, audit, qc, acceptance), at least one kept. */
export function ProcessesStep(props: StepProps) {
  const steps = useQuery(stepListQuery(props.project.id));
  if (steps.isError && !steps.data) return <LoadFailed error={steps.error} onRetry={() => steps.refetch()} />;
  // Editors start from what the server holds now, not from an older cached answer.
  if (!steps.data || (steps.isFetching && !steps.isFetchedAfterMount)) return <Skeleton active />;
  return <StepEditor {...props} saved={steps.data.list} />;
}

function StepEditor({ project, onNext, onBack, onDirty, saved }: StepProps & { saved: TStepRow[] }) {
  const { t } = useTranslation(['projects', 'common']);
  const [seq, setSeq] = useState(1);
  const [steps, setSteps] = useState<StepDraft[]>(() =>
    saved.length
      ? saved.map(draftOf)
      : [
          {
            key: 'new-0',
            name: t('default_execute_name'),
            type: 'execute',
            parent_key: null,
            category_id: project.category_id,
            template_id: project.template_id,
            review_order: 'data',
            review_random: false,
            qc_ratio: 100,
            open_audit_edit: false,
          },
        ],
  );
  const save = useMutation({
    mutationFn: () =>
      saveSteps({
        project_id: project.id,
        steps: steps.map((s) => ({
          key: s.key,
          name: s.name.trim(),
          type: s.type,
          parent_key: s.type === 'execute' ? null : s.parent_key,
          category_id: s.type === 'execute' ? s.category_id : null,
          template_id: s.type === 'execute' ? s.template_id : null,
          config: {
            review_order: s.review_order,
            review_random: s.review_random,
            qc_ratio: s.qc_ratio ?? 100,
            open_audit_edit: s.open_audit_edit,
          },
        })),
      }),
    onSuccess: () => onNext(),
    onError: () => undefined,
  });
  const change = (next: StepDraft[]) => {
    setSteps(next);
    onDirty(true);
  };
  const patch = (key: string, values: Partial<StepDraft>) =>
    change(steps.map((s) => (s.key === key ? { ...s, ...values } : s)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...steps];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item as StepDraft);
    change(next);
  };
  const add = (type: TStepType) => {
    const firstExecute = steps.find((s) => s.type === 'execute');
    change([
      ...steps,
      {
        key: `new-${seq}`,
        name: t(`default_${type}_name`),
        type,
        parent_key: type === 'execute' ? null : (firstExecute?.key ?? null),
        category_id: type === 'execute' ? project.category_id : null,
        template_id: type === 'execute' ? project.template_id : null,
        review_order: 'data',
        review_random: false,
        qc_ratio: type === 'qc' ? 10 : 100,
        open_audit_edit: false,
      },
    ]);
    setSeq(seq + 1);
  };
  const problems = problemsOf(steps, t);

  return (
    <>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {steps.map((step, index) => (
          <StepCard
            key={step.key}
            step={step}
            index={index}
            steps={steps}
            problems={problems.get(step.key)}
            onPatch={(values) => patch(step.key, values)}
            onMove={(by) => move(index, by)}
            onRemove={steps.length > 1 ? () => change(steps.filter((s) => s.key !== step.key)) : undefined}
          />
        ))}
      </Space>
      <Space wrap style={{ marginTop: 16 }}>
        {STEP_TYPES.map((type) => (
          <Button
            key={type}
            icon={<PlusOutlined />}
            disabled={steps.length >= SETUP_LIMITS.steps}
            onClick={() => add(type)}
            data-testid={`step-add-${type}`}
          >
            {t('step_add', { type: t(`step_type_${type}`) })}
          </Button>
        ))}
      </Space>
      {save.error && (
        <Alert type="error" showIcon title={save.error.message} style={{ marginTop: 16 }} data-testid="steps-error" />
      )}
      <StepFooter
        onBack={onBack}
        onNext={() => save.mutate()}
        loading={save.isPending}
        disabled={problems.size > 0}
        nextLabel={t('save_and_next')}
      />
    </>
  );
}
