import { EXAM_LIMITS } from '@app/contracts/procedures/exams.ts';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, InputNumber, Select, Space, Switch } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { examCertTemplatesQuery } from './queries.ts';

/**
 * Live invigilation and, under it, the candidates' screen: the screen switch works only with invigilation on (it
 * shows off, and is saved off, while invigilation is off; turned on again, the earlier choice is back).
 */
function InvigilationSwitches() {
  const { t } = useTranslation('exams');
  const live = Form.useWatch('live_invigilation', Form.useFormInstance()) === true;
  return (
    <div>
      <Form.Item
        name="live_invigilation"
        label={t('live_invigilation')}
        valuePropName="checked"
        tooltip={t('live_invigilation_help')}
      >
        <Switch data-testid="exam-live-invigilation" />
      </Form.Item>
      <Form.Item
        name="invigilation_screen"
        label={t('invigilation_screen')}
        valuePropName="checked"
        getValueProps={(value: boolean | undefined) => ({ checked: live && value === true })}
        tooltip={t('invigilation_screen_help')}
      >
        <Switch disabled={!live} data-testid="exam-invigilation-screen" />
      </Form.Item>
    </div>
  );
}

/**
 * Step 3 of the wizard: scoring, time, attempts, window, order, price, shuffling, analysis, blind marking, live
 * invigilation with the candidates' screen (exams only) and certificate. A new exam's window starts at the next full
 * hour and lasts 7 days; the field says so (or `windowNote`, when the page chose the window).
 */
export function ExamConfigStep({
  isNew,
  windowNote,
  homework = false,
}: {
  isNew: boolean;
  windowNote?: ReactNode;
  /** A homework: timed by its window (the time to hand in), with a due time and a late penalty, no duration. */
  homework?: boolean;
}) {
  const { t } = useTranslation(['exams', 'validation']);
  const templates = useQuery(examCertTemplatesQuery());
  const required = { required: true, message: t('validation:required') };
  return (
    <>
      <Space wrap size="large" align="start">
        <Form.Item name="total_score" label={t('total_score')} rules={[required]}>
          <InputNumber min={1} max={10000} data-testid="exam-total-score" />
        </Form.Item>
        <Form.Item
          name="pass_score"
          label={t('pass_score')}
          dependencies={['total_score']}
          rules={[
            required,
            ({ getFieldValue }) => ({
              validator: (_rule, value: number | null) =>
                value === null || value === undefined || value <= (getFieldValue('total_score') ?? 0)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('pass_above_total'))),
            }),
          ]}
        >
          <InputNumber min={0} max={10000} data-testid="exam-pass-score" />
        </Form.Item>
        {homework ? null : (
          <Form.Item name="duration_minutes" label={t('duration_minutes')} rules={[required]}>
            <InputNumber min={1} max={EXAM_LIMITS.durationSeconds / 60} precision={0} data-testid="exam-duration" />
          </Form.Item>
        )}
        <Form.Item name="attempts_allowed" label={t('attempts_allowed')} rules={[required]}>
          <InputNumber min={1} max={EXAM_LIMITS.attempts} precision={0} data-testid="exam-attempts" />
        </Form.Item>
      </Space>
      <Form.Item
        name="window"
        label={t('window')}
        extra={windowNote ?? (isNew ? <span data-testid="exam-window-default">{t('window_default')}</span> : undefined)}
        rules={[
          required,
          {
            validator: (_rule, value: [{ valueOf(): number }, { valueOf(): number }] | null) =>
              !value || value[1].valueOf() > value[0].valueOf()
                ? Promise.resolve()
                : Promise.reject(new Error(t('window_order'))),
          },
        ]}
      >
        <DatePicker.RangePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="exam-window" />
      </Form.Item>
      {homework ? (
        <Space wrap size="large" align="start">
          <Form.Item
            name="due_at"
            label={t('homework_due_at')}
            extra={t('homework_due_at_help')}
            dependencies={['window']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_rule, value: { valueOf(): number } | null) => {
                  const window = getFieldValue('window') as [{ valueOf(): number }, { valueOf(): number }] | null;
                  if (!value || !window) return Promise.resolve();
                  return value.valueOf() >= window[0].valueOf() && value.valueOf() <= window[1].valueOf()
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('homework_due_in_window')));
                },
              }),
            ]}
          >
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" data-testid="homework-due-at" />
          </Form.Item>
          <Form.Item name="late_penalty" label={t('homework_late_penalty')} extra={t('homework_late_penalty_help')}>
            <InputNumber min={0} max={100} precision={0} suffix="%" data-testid="homework-late-penalty" />
          </Form.Item>
        </Space>
      ) : null}
      <Space wrap size="large" align="start">
        <Form.Item name="sort" label={t('sort')} extra={t('sort_help')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
        <Form.Item name="price_yuan" label={t('price')}>
          <InputNumber min={0} max={1_000_000} precision={2} />
        </Form.Item>
      </Space>
      <Space wrap size="large">
        {(['shuffle_questions', 'shuffle_options', 'partial_credit', 'show_analysis'] as const).map((name) => (
          <Form.Item key={name} name={name} label={t(name)} valuePropName="checked" tooltip={t(`${name}_help`)}>
            <Switch data-testid={`exam-${name}`} />
          </Form.Item>
        ))}
        <Form.Item
          name="blind_marking"
          label={t('blind_marking_switch')}
          valuePropName="checked"
          tooltip={t('blind_marking_help')}
        >
          <Switch data-testid="exam-blind_marking" />
        </Form.Item>
        <Form.Item
          name="second_marking_share"
          label={t('second_marking_share')}
          tooltip={t('second_marking_share_help')}
        >
          <InputNumber min={0} max={100} precision={0} suffix="%" data-testid="exam-second_marking_share" />
        </Form.Item>
        {homework ? null : <InvigilationSwitches />}
      </Space>
      <Form.Item name="cert_template_id" label={t('cert_template')} extra={t('cert_template_help')}>
        <Select
          allowClear
          loading={templates.isLoading}
          placeholder={t('cert_template_none')}
          notFoundContent={templates.isError ? t('cert_templates_unavailable') : t('cert_templates_empty')}
          options={(templates.data?.list ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
          style={{ maxWidth: 360 }}
          data-testid="exam-cert-template"
        />
      </Form.Item>
    </>
  );
}
