import type { TExperimentDetail } from '@app/contracts';
import { EXPERIMENT_LIMITS, ZExperimentInput } from '@app/contracts/procedures/experiments.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Drawer, Form, Input, InputNumber, Select, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf, zodRule } from '../../shared/form-rules.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useIsPhone } from '../../shared/use-is-phone.ts';
import { RichBox } from '../question-bank/index.ts';
import { CasesField, type CaseValues } from './CasesField.tsx';
import { createExperiment, experimentQuery, languagesQuery, updateExperiment } from './queries.ts';
import type { ExperimentLanguage } from './result-format.ts';

interface Values {
  title: string;
  language: ExperimentLanguage;
  instructions: string;
  starter_code: string;
  limits: { cpu_ms: number; wall_ms: number; memory_mb: number; output_kb: number };
  cases: CaseValues[];
}

const FIELDS: (keyof Values)[] = ['title', 'language', 'instructions', 'starter_code', 'limits', 'cases'];
const LIMIT_FIELDS = [
  ['cpu_ms', EXPERIMENT_LIMITS.cpuMs],
  ['wall_ms', EXPERIMENT_LIMITS.wallMs],
  ['memory_mb', EXPERIMENT_LIMITS.memoryMb],
  ['output_kb', EXPERIMENT_LIMITS.outputKb],
] as const;

/** Create an experiment (a draft) or edit one: title, language, instructions, starter code, limits, test cases. */
export function ExperimentDrawer({
  experimentId,
  onClose,
  onSaved,
}: {
  /** null = a new experiment. */
  experimentId: number | null;
  onClose: () => void;
  onSaved: (saved: TExperimentDetail) => void;
}) {
  const { t } = useTranslation(['experiments', 'common']);
  const phone = useIsPhone();
  const detail = useQuery({ ...experimentQuery(experimentId), enabled: experimentId !== null });
  return (
    <Drawer
      open
      width={phone ? '100%' : 760}
      title={experimentId === null ? t('create_title') : t('edit_title', { title: detail.data?.title ?? '' })}
      onClose={onClose}
      destroyOnHidden
    >
      {experimentId !== null && detail.isError ? (
        <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />
      ) : experimentId !== null && !detail.data ? (
        <Spin />
      ) : (
        <ExperimentForm experiment={detail.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Drawer>
  );
}

function ExperimentForm({
  experiment,
  onClose,
  onSaved,
}: {
  experiment?: TExperimentDetail;
  onClose: () => void;
  onSaved: (saved: TExperimentDetail) => void;
}) {
  const { t } = useTranslation(['experiments', 'common', 'validation']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const languages = useQuery(languagesQuery());

  const save = useMutation({
    mutationFn: (values: Values) => {
      const input = {
        ...values,
        title: values.title.trim(),
        kind: 'code' as const,
        instructions: values.instructions ?? '',
        starter_code: values.starter_code ?? '',
        cases: (values.cases ?? []).map((c) => ({ ...c, stdin: c.stdin ?? '', expected: c.expected ?? '' })),
        status: experiment?.status ?? 'draft',
      };
      return experiment ? updateExperiment({ id: experiment.id, ...input }) : createExperiment(input);
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

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{
        title: experiment?.title ?? '',
        language: (experiment?.language as ExperimentLanguage | undefined) ?? 'python3',
        instructions: experiment?.instructions ?? '',
        starter_code: experiment?.starter_code ?? '',
        limits: experiment?.limits ?? { cpu_ms: 2000, wall_ms: 5000, memory_mb: 256, output_kb: 1024 },
        cases: experiment?.cases ?? [],
      }}
      onFinish={(values) => save.mutate(values)}
    >
      <Form.Item name="title" label={t('title')} rules={[zodRule(ZExperimentInput.shape.title, t)]}>
        <Input maxLength={EXPERIMENT_LIMITS.title} showCount autoFocus data-testid="experiment-title" />
      </Form.Item>
      <Form.Item name="language" label={t('language')} rules={[{ required: true, message: t('validation:required') }]}>
        <Select
          loading={languages.isLoading}
          aria-label={t('language')}
          data-testid="experiment-language"
          options={(languages.data ?? []).map((l) => ({
            value: l.id,
            disabled: !l.present,
            label: l.present
              ? `${t(`lang_${l.id}`)}${l.version ? ` (${l.version})` : ''}`
              : `${t(`lang_${l.id}`)} — ${t('language_missing', { reason: l.reason ?? '' })}`,
          }))}
        />
      </Form.Item>
      <Form.Item name="instructions" label={t('instructions')}>
        <InstructionsField label={t('instructions')} />
      </Form.Item>
      <Form.Item name="starter_code" label={t('starter_code')} extra={t('starter_code_help')}>
        <Input.TextArea
          className="experiment-code-textarea"
          autoSize={{ minRows: 4, maxRows: 16 }}
          maxLength={EXPERIMENT_LIMITS.code}
          spellCheck={false}
          data-testid="experiment-starter-code"
        />
      </Form.Item>
      <Space wrap align="start">
        {LIMIT_FIELDS.map(([name, range]) => (
          <Form.Item
            key={name}
            name={['limits', name]}
            label={t(`limit_${name}`)}
            extra={t('range', { min: range.min, max: range.max })}
            rules={[{ required: true, message: t('validation:required') }]}
          >
            <InputNumber min={range.min} max={range.max} precision={0} data-testid={`experiment-limit-${name}`} />
          </Form.Item>
        ))}
      </Space>
      <Form.Item label={t('cases')} extra={t('cases_help', { max: EXPERIMENT_LIMITS.cases })}>
        <CasesField />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="experiment-save">
          {t('common:save')}
        </Button>
        <Button onClick={onClose}>{t('common:cancel')}</Button>
      </Space>
    </Form>
  );
}

/** The rich-text box as a form control (Form.Item passes value and onChange). */
function InstructionsField({
  value,
  onChange,
  label,
}: {
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) {
  return (
    <RichBox
      initial={value ?? ''}
      onChange={(html) => onChange?.(html)}
      testId="experiment-instructions"
      ariaLabel={label}
    />
  );
}
