import type { TExamStatus } from '@app/contracts';
import { Descriptions, Form, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/format.ts';
import { useAudiencePeople } from '../audiences/index.ts';
import { BlueprintCells } from './ExamPaperStep.tsx';
import { ExamStatusTag } from './exam-teacher-shared.tsx';
import type { WizardValues } from './exam-wizard-values.ts';

/**
 * Step 4 of the wizard: what will be saved (a homework's due time and late penalty instead of a duration), with the
 * blueprint's cells for a random paper.
 */
export function ExamSummary({ form, status }: { form: FormInstance<WizardValues>; status: TExamStatus }) {
  const { t } = useTranslation(['exams', 'audiences']);
  const v = Form.useWatch([], { form, preserve: true }) as WizardValues | undefined;
  const chosen = v?.audience === 'chosen';
  const people = useAudiencePeople(
    'exam',
    v?.audience,
    chosen ? (v?.audience_group_ids ?? []) : [],
    chosen ? (v?.audience_user_ids ?? []) : [],
  );
  if (!v) return null;
  const yes = (b: boolean) => t(b ? 'yes' : 'no');
  return (
    <>
      <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }} data-testid="exam-summary">
        <Descriptions.Item label={t('name')}>{v.name}</Descriptions.Item>
        <Descriptions.Item label={t('status')}>
          <ExamStatusTag status={status} />
        </Descriptions.Item>
        <Descriptions.Item label={t('paper_mode')}>{t(`mode_${v.paper_mode}`)}</Descriptions.Item>
        <Descriptions.Item label={t('question_count')}>
          {v.paper_mode === 'fixed' ? (v.question_ids?.length ?? 0) : (v.blueprint?.total ?? 0)}
        </Descriptions.Item>
        <Descriptions.Item label={t('score_line')}>
          {v.pass_score} / {v.total_score}
        </Descriptions.Item>
        <Descriptions.Item label={t('kind')}>
          <span data-testid="exam-summary-kind">{t(`kind_${v.kind}`)}</span>
        </Descriptions.Item>
        {v.kind === 'homework' ? (
          <Descriptions.Item label={t('homework_due_at')}>
            {formatTime((v.due_at ?? v.window?.[1])?.toDate())} · {t('homework_late_penalty')} {v.late_penalty ?? 0}%
          </Descriptions.Item>
        ) : (
          <Descriptions.Item label={t('duration_minutes')}>{v.duration_minutes}</Descriptions.Item>
        )}
        <Descriptions.Item label={t('attempts_allowed')}>{v.attempts_allowed}</Descriptions.Item>
        <Descriptions.Item label={t('window')}>
          {formatTime(v.window?.[0]?.toDate())} – {formatTime(v.window?.[1]?.toDate())}
        </Descriptions.Item>
        <Descriptions.Item label={t('shuffle_questions')}>{yes(v.shuffle_questions)}</Descriptions.Item>
        <Descriptions.Item label={t('shuffle_options')}>{yes(v.shuffle_options)}</Descriptions.Item>
        <Descriptions.Item label={t('partial_credit')}>{yes(v.partial_credit)}</Descriptions.Item>
        <Descriptions.Item label={t('show_analysis')}>{yes(v.show_analysis)}</Descriptions.Item>
        <Descriptions.Item label={t('blind_marking')}>
          <span data-testid="exam-summary-blind-marking">{yes(v.blind_marking ?? false)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('second_marking_share')} span={v.kind === 'homework' ? 'filled' : 1}>
          {v.second_marking_share ?? 0}%
        </Descriptions.Item>
        {v.kind === 'homework' ? null : (
          <>
            <Descriptions.Item label={t('live_invigilation')}>
              <span data-testid="exam-summary-live-invigilation">{yes(v.live_invigilation ?? false)}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('invigilation_screen')} span="filled">
              <span data-testid="exam-summary-invigilation-screen">
                {yes((v.live_invigilation ?? false) && (v.invigilation_screen ?? false))}
              </span>
            </Descriptions.Item>
          </>
        )}
        <Descriptions.Item label={t('audiences:title')} span={2}>
          <span data-testid="exam-summary-audience">
            {t(`audiences:mode_${v.audience}`)} · {people}
          </span>
        </Descriptions.Item>
      </Descriptions>
      {v.paper_mode === 'random' && <BlueprintCells form={form} />}
    </>
  );
}
