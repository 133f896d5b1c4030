import type { TExamDetail, TExamKind } from '@app/contracts';
import { EXAM_AUDIENCE_MODES } from '@app/contracts/procedures/audiences.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Spin, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { AudienceFields } from '../audiences/index.ts';
import { ExamConfigStep } from './ExamConfigStep.tsx';
import { ExamInfoStep } from './ExamInfoStep.tsx';
import { ExamPaperStep } from './ExamPaperStep.tsx';
import { ExamSummary } from './ExamSummary.tsx';
import { examListPath, idParam } from './exam-teacher-shared.tsx';
import {
  type ExamWizardCourse,
  examInput,
  initialValues,
  newKind,
  STEP_FIELDS,
  type WizardValues,
} from './exam-wizard-values.ts';
import { createExam, examDetailQuery, publishExam, updateExam, useExamsChanged } from './queries.ts';

/**
 * `/trainingcamp/materialCreate?id=`: create or edit an exam in four steps — info, paper, configuration, publish;
 * `?kind=homework` starts a new one as homework (the first step may still change the kind).
 */
export function ExamWizardPage() {
  const { t } = useTranslation(['exams', 'common']);
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const kind = params.get('kind') === 'homework' ? 'homework' : undefined;
  const detail = useQuery({ ...examDetailQuery(id!), enabled: id !== null });
  if (id !== null && detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  if (id !== null && !detail.data) return <Spin />;
  return (
    <Card
      title={
        id
          ? t(detail.data?.kind === 'homework' ? 'edit_title_homework' : 'edit_title', {
              name: detail.data?.name ?? '',
            })
          : t(kind === 'homework' ? 'create_title_homework' : 'create_title')
      }
    >
      <ExamWizard key={id ?? `new-${kind ?? 'exam'}`} exam={detail.data} kind={kind} />
    </Card>
  );
}

/**
 * The wizard itself: `exam` to edit one, `course` for course mode (see ExamWizardCourse), `kind` the kind a new one
 * starts as outside a course.
 */
export function ExamWizard({
  exam,
  course,
  kind,
}: {
  exam?: TExamDetail;
  course?: ExamWizardCourse;
  kind?: TExamKind;
}) {
  const { t } = useTranslation(['exams', 'common', 'validation']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const changed = useExamsChanged();
  const [form] = Form.useForm<WizardValues>();
  const [step, setStep] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState<TExamDetail | undefined>(exam);
  const chosenKind = Form.useWatch('kind', form) as TExamKind | undefined;
  const currentKind = chosenKind ?? exam?.kind ?? newKind(course, kind);

  const save = useMutation({
    mutationFn: async (publish: boolean) => {
      const input = examInput(form.getFieldsValue(true) as WizardValues);
      const stored = saved ? await updateExam({ id: saved.id, ...input }) : await createExam(input);
      setSaved(stored);
      await changed();
      const done = !publish || stored.status === 'published' ? stored : await publishExam(stored.id);
      if (course) await course.onPublished(done);
      return done;
    },
    onSuccess: (stored, publish) => {
      setProblem(null);
      void changed();
      if (course) return;
      void message.success(t(publish ? 'publish_done' : 'saved'));
      navigate(examListPath(stored.status, stored.kind));
    },
    onError: (error) => setProblem(errorMessage(error)),
  });

  const next = async () => {
    try {
      await form.validateFields(STEP_FIELDS[step]);
      setStep((s) => s + 1);
    } catch {
      // the form shows what is missing
    }
  };

  const hidden = (n: number) => (step === n ? undefined : { display: 'none' });
  return (
    <Form<WizardValues> form={form} layout="vertical" initialValues={initialValues(exam, course, kind)} preserve>
      <Steps
        current={step}
        onChange={(n) => (n < step ? setStep(n) : void next())}
        items={['step_info', 'step_paper', 'step_config', 'step_publish'].map((key) => ({ title: t(key) }))}
        style={{ marginBottom: 24 }}
      />
      <div style={hidden(0)}>
        <ExamInfoStep kindChoice={!exam && !course} />
      </div>
      <div style={hidden(1)}>
        <ExamPaperStep form={form} known={exam?.questions ?? []} modeFixed={!!course} />
      </div>
      <div style={hidden(2)}>
        <ExamConfigStep isNew={!exam} windowNote={course?.windowNote} homework={currentKind === 'homework'} />
        {course ? (
          <Alert
            type="info"
            showIcon
            title={course.audienceNote}
            style={{ marginBottom: 16 }}
            data-testid="exam-course-audience"
          />
        ) : (
          <AudienceFields modes={EXAM_AUDIENCE_MODES} subject="exam" known={exam?.audience} />
        )}
      </div>
      {step === 3 && <ExamSummary form={form} status={saved?.status ?? 'draft'} />}
      {problem && (
        <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="exam-wizard-error" />
      )}
      <Space>
        {step > 0 && <Button onClick={() => setStep((s) => s - 1)}>{t('previous')}</Button>}
        {step < 3 && (
          <Button type="primary" onClick={() => void next()} data-testid="exam-wizard-next">
            {t('next')}
          </Button>
        )}
        {step === 3 && (
          <>
            {!course && (
              <Button loading={save.isPending} onClick={() => save.mutate(false)} data-testid="exam-save-draft">
                {saved?.status && saved.status !== 'draft' ? t('common:save') : t('save_draft')}
              </Button>
            )}
            {(course || saved?.status !== 'published') && (
              <Button
                type="primary"
                loading={save.isPending}
                onClick={() => save.mutate(true)}
                data-testid="exam-publish"
              >
                {t('save_publish')}
              </Button>
            )}
          </>
        )}
        <Button
          onClick={() => (course ? course.onCancel() : navigate(examListPath(saved?.status ?? 'draft', currentKind)))}
        >
          {t('common:cancel')}
        </Button>
      </Space>
    </Form>
  );
}
