import type { TExamDetail, TExamKind, TPaperMode } from '@app/contracts';
import { EXAM_AUDIENCE_MODES } from '@app/contracts/procedures/audiences.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Space, Spin, Steps } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { AudienceFields, audienceValues } from '../audiences/index.ts';
import { ExamConfigStep } from './ExamConfigStep.tsx';
import { ExamInfoStep } from './ExamInfoStep.tsx';
import { type BlueprintValues, EMPTY_BLUEPRINT, ExamPaperStep } from './ExamPaperStep.tsx';
import { ExamSummary } from './ExamSummary.tsx';
import { examListPath, idParam } from './exam-teacher-shared.tsx';
import { createExam, examDetailQuery, publishExam, updateExam, useExamsChanged } from './queries.ts';

export interface WizardValues {
  name: string;
  description: string;
  category_id: number | null;
  paper_mode: 'fixed' | 'random';
  question_ids: number[];
  blueprint: BlueprintValues;
  total_score: number;
  pass_score: number | null;
  duration_minutes: number;
  attempts_allowed: number;
  window: [Dayjs, Dayjs] | null;
  sort: number;
  price_yuan: number;
  shuffle_questions: boolean;
  shuffle_options: boolean;
  partial_credit: boolean;
  blind_marking: boolean;
  second_marking_share: number;
  /** Homework (docs/homework.md): when it is due inside the window, and the late penalty in percent. */
  kind: 'exam' | 'homework';
  due_at: Dayjs | null;
  late_penalty: number;
  show_analysis: boolean;
  live_invigilation: boolean;
  cert_template_id: number | null;
  audience: 'students' | 'chosen';
  audience_group_ids: number[];
  audience_user_ids: number[];
}

/**
 * Course mode (docs/courses.md, "Course exams"): the course's page fixes the paper mode and the audience (the
 * students of the course's classes, shown as a line instead of the audience fields), may start the window on the
 * chapter's dates, and after publishing makes the course's task itself.
 */
export interface ExamWizardCourse {
  paperMode: TPaperMode;
  /** A homework instead of an exam: due time and late penalty instead of a duration. */
  homework?: boolean;
  /** The course's classes, the exam's audience (`chosen`). */
  classIds: number[];
  audienceNote: ReactNode;
  window?: [Dayjs, Dayjs];
  windowNote?: ReactNode;
  /** Runs once the exam is published (a throw shows in the wizard, which may publish again). */
  onPublished: (exam: TExamDetail) => Promise<void>;
  onCancel: () => void;
}

/** Fields checked before leaving each step. */
const STEP_FIELDS: (string | string[])[][] = [
  ['name', 'description'],
  ['paper_mode', 'question_ids', ['blueprint', 'total']],
  ['total_score', 'pass_score', 'duration_minutes', 'attempts_allowed', 'window'],
  [],
];

/** The kind of a new exam: a course's homework, else what the page asked for (`?kind=homework`), else an exam. */
const newKind = (course?: ExamWizardCourse, kind?: TExamKind): TExamKind =>
  course ? (course.homework ? 'homework' : 'exam') : (kind ?? 'exam');

function initialValues(exam?: TExamDetail, course?: ExamWizardCourse, kind?: TExamKind): WizardValues {
  const start = dayjs().add(1, 'hour').startOf('hour');
  return {
    name: exam?.name ?? '',
    description: exam?.description ?? '',
    category_id: exam?.category_id ?? null,
    paper_mode: exam?.paper_mode ?? 'fixed',
    question_ids: exam?.question_ids ?? [],
    blueprint: exam?.blueprint ?? EMPTY_BLUEPRINT,
    total_score: exam?.total_score ?? 100,
    pass_score: exam?.pass_score ?? 60,
    duration_minutes: exam ? Math.round(exam.duration_seconds / 60) : 60,
    attempts_allowed: exam?.attempts_allowed ?? 1,
    window: exam ? [dayjs(exam.window_start), dayjs(exam.window_end)] : [start, start.add(7, 'day')],
    sort: exam?.sort ?? 0,
    price_yuan: (exam?.price_cents ?? 0) / 100,
    shuffle_questions: exam?.shuffle_questions ?? false,
    shuffle_options: exam?.shuffle_options ?? false,
    partial_credit: exam?.partial_credit ?? false,
    blind_marking: exam?.blind_marking ?? false,
    second_marking_share: exam?.second_marking_share ?? 0,
    kind: exam?.kind ?? newKind(course, kind),
    due_at: exam?.due_at ? dayjs(exam.due_at) : null,
    late_penalty: exam?.late_penalty ?? 0,
    show_analysis: exam?.show_analysis ?? true,
    live_invigilation: exam?.live_invigilation ?? false,
    cert_template_id: exam?.cert_template_id ?? null,
    ...audienceValues<WizardValues['audience']>(exam?.audience, 'students'),
    ...(course && {
      paper_mode: course.paperMode,
      audience: 'chosen' as const,
      audience_group_ids: course.classIds,
      audience_user_ids: [],
      ...(course.window && { window: course.window }),
    }),
  };
}

/** The contract's input from the wizard's values (the form keeps minutes, yuan and a date range). */
function examInput(v: WizardValues) {
  return {
    name: v.name.trim(),
    description: (v.description ?? '').trim(),
    category_id: v.category_id ?? null,
    paper_mode: v.paper_mode,
    question_ids: v.paper_mode === 'fixed' ? (v.question_ids ?? []) : [],
    blueprint: v.paper_mode === 'random' ? { ...EMPTY_BLUEPRINT, ...v.blueprint } : null,
    total_score: v.total_score,
    pass_score: v.pass_score ?? 0,
    duration_seconds: Math.round(v.duration_minutes * 60),
    attempts_allowed: v.attempts_allowed,
    window_start: (v.window?.[0] ?? dayjs()).toISOString(),
    window_end: (v.window?.[1] ?? dayjs()).toISOString(),
    sort: v.sort ?? 0,
    price_cents: Math.round((v.price_yuan ?? 0) * 100),
    shuffle_questions: v.shuffle_questions,
    shuffle_options: v.shuffle_options,
    partial_credit: v.partial_credit,
    blind_marking: v.blind_marking ?? false,
    second_marking_share: v.second_marking_share ?? 0,
    kind: v.kind,
    // A homework is due at the time given, else when its window ends (no late work then).
    due_at: v.kind === 'homework' ? (v.due_at ?? v.window?.[1] ?? dayjs()).toISOString() : null,
    late_penalty: v.kind === 'homework' ? (v.late_penalty ?? 0) : 0,
    show_analysis: v.show_analysis,
    live_invigilation: v.kind === 'exam' && (v.live_invigilation ?? false),
    cert_template_id: v.cert_template_id ?? null,
    audience: v.audience,
    audience_group_ids: v.audience === 'chosen' ? (v.audience_group_ids ?? []) : [],
    audience_user_ids: v.audience === 'chosen' ? (v.audience_user_ids ?? []) : [],
  };
}

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
