import { BarChartOutlined, DownloadOutlined, EditOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { saveFile } from '../../shared/files.ts';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useMayCall } from '../../shared/session/session-context.tsx';
import { AudienceView } from '../audiences/index.ts';
import { CandidatesTab } from './CandidatesTab.tsx';
import {
  ExamStatusTag,
  examDetailPath,
  examEditPath,
  idParam,
  invigilationPath,
  minutesText,
  paperAnalysisPath,
} from './exam-teacher-shared.tsx';
import { MarkingTab } from './MarkingTab.tsx';
import { examDetailQuery, exportExam } from './queries.ts';

const TABS = ['candidates', 'marking', 'info'] as const;
type Tab = (typeof TABS)[number];

/**
 * `/trainingcamp/teacher/exam-detail/{tab}/{id}`: an exam's candidates (with the teacher's actions), the marking of
 * its essays and short answers by hand, and its settings.
 */
export function TeacherExamDetailPage() {
  const { t } = useTranslation(['exams', 'common', 'audiences', 'exam-marking']);
  const navigate = useNavigate();
  const params = useParams();
  const id = idParam(params.id);
  const tab: Tab = TABS.includes(params.tab as Tab) ? (params.tab as Tab) : 'candidates';
  const detail = useQuery({ ...examDetailQuery(id!), enabled: id !== null });
  const mayInvigilate = useMayCall('/live-room/invigilation-grid');
  const exported = useMutation({
    mutationFn: () => exportExam(id!),
    onSuccess: (file) => saveFile(file),
    onError: (error) => showError(error),
  });

  if (id === null) return <Alert type="error" showIcon title={t('not_found')} />;
  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => detail.refetch()} />;
  const exam = detail.data;
  if (!exam) return <Spin />;
  const yes = (b: boolean) => t(b ? 'yes' : 'no');

  return (
    <Card
      title={
        <Space>
          <span data-testid="teacher-exam-name">{exam.name}</span>
          <ExamStatusTag status={exam.status} />
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<EditOutlined />} onClick={() => navigate(examEditPath(exam.id))}>
            {t('edit')}
          </Button>
          <Button icon={<BarChartOutlined />} onClick={() => navigate(paperAnalysisPath(exam.id))}>
            {t('analysis')}
          </Button>
          {exam.live_invigilation && exam.status === 'published' && mayInvigilate ? (
            <Button
              icon={<VideoCameraOutlined />}
              onClick={() => navigate(invigilationPath(exam.id))}
              data-testid="exam-invigilate"
            >
              {t('invigilate')}
            </Button>
          ) : null}
          <Button
            icon={<DownloadOutlined />}
            loading={exported.isPending}
            onClick={() => exported.mutate()}
            data-testid="exam-export"
          >
            {t('export')}
          </Button>
        </Space>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(examDetailPath(exam.id, key))}
        items={[
          { key: 'candidates', label: t('tab_candidates'), children: <CandidatesTab examId={exam.id} /> },
          {
            key: 'marking',
            label: t('exam-marking:tab'),
            // Only while shown: the marking page listens to the keyboard.
            children: tab === 'marking' ? <MarkingTab examId={exam.id} /> : null,
          },
          {
            key: 'info',
            label: t('tab_info'),
            children: (
              <Descriptions bordered size="small" column={2}>
                <Descriptions.Item label={t('paper_mode')}>{t(`mode_${exam.paper_mode}`)}</Descriptions.Item>
                <Descriptions.Item label={t('question_count')}>{exam.question_count}</Descriptions.Item>
                <Descriptions.Item label={t('score_line')}>
                  {exam.pass_score} / {exam.total_score}
                </Descriptions.Item>
                {exam.kind === 'homework' ? (
                  <Descriptions.Item label={t('homework_due_at')}>
                    {formatTime(exam.due_at)} · {t('homework_late_penalty')} {exam.late_penalty}%
                  </Descriptions.Item>
                ) : (
                  <Descriptions.Item label={t('duration')}>{minutesText(exam.duration_seconds, t)}</Descriptions.Item>
                )}
                <Descriptions.Item label={t('attempts_allowed')}>{exam.attempts_allowed}</Descriptions.Item>
                <Descriptions.Item label={t('window')}>
                  {formatTime(exam.window_start)} – {formatTime(exam.window_end)}
                </Descriptions.Item>
                <Descriptions.Item label={t('shuffle_questions')}>{yes(exam.shuffle_questions)}</Descriptions.Item>
                <Descriptions.Item label={t('shuffle_options')}>{yes(exam.shuffle_options)}</Descriptions.Item>
                <Descriptions.Item label={t('partial_credit')}>{yes(exam.partial_credit)}</Descriptions.Item>
                <Descriptions.Item label={t('show_analysis')}>{yes(exam.show_analysis)}</Descriptions.Item>
                <Descriptions.Item label={t('blind_marking')}>{yes(exam.blind_marking)}</Descriptions.Item>
                <Descriptions.Item label={t('second_marking_share')}>{exam.second_marking_share}%</Descriptions.Item>
                {exam.kind === 'homework' ? null : (
                  <>
                    <Descriptions.Item label={t('live_invigilation')}>
                      <span data-testid="exam-detail-live-invigilation">{yes(exam.live_invigilation)}</span>
                    </Descriptions.Item>
                    <Descriptions.Item label={t('invigilation_screen')}>
                      <span data-testid="exam-detail-invigilation-screen">{yes(exam.invigilation_screen)}</span>
                    </Descriptions.Item>
                  </>
                )}
                <Descriptions.Item label={t('published_at')}>{formatTime(exam.published_at)}</Descriptions.Item>
                <Descriptions.Item label={t('creator')} span="filled">
                  {exam.created_by_name ?? '-'}
                </Descriptions.Item>
                <Descriptions.Item label={t('audiences:title')} span={2}>
                  <AudienceView audience={exam.audience} />
                </Descriptions.Item>
                <Descriptions.Item label={t('description')} span={2}>
                  {exam.description || '-'}
                </Descriptions.Item>
              </Descriptions>
            ),
          },
        ]}
      />
    </Card>
  );
}
