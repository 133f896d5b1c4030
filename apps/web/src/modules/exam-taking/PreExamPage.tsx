import { VideoCameraOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Empty, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { formatTime } from '../../shared/format.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { attemptPath, durationText, ExamHtml, examPath, MyStateTag } from './exam-shared.tsx';
import { EXAM_KEY, joinExam, preExamQuery } from './queries.ts';

/** `/trainingcamp/pre-exam?id=`: the rules, window, duration and attempts of an exam; join, then start. */
export function PreExamPage() {
  const { t } = useTranslation(['exam-taking', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { detail } = useSession();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const pre = useQuery({ ...preExamQuery(id), enabled: valid });
  const join = useMutation({
    mutationFn: () => joinExam(id),
    onSuccess: async () => {
      void message.success(t('joined_message'));
      await queryClient.invalidateQueries({ queryKey: EXAM_KEY });
    },
    onError: (error) => showError(error),
  });

  if (!valid) return <Empty description={t('no_exam')} />;
  if (pre.isError && !pre.data) return <LoadFailed error={pre.error} onRetry={() => pre.refetch()} />;
  if (!pre.data) return <Spin style={{ display: 'block', margin: 48 }} />;
  const exam = pre.data;
  const otherSite = exam.generate_site_id !== detail.user.site.id;
  const joined = exam.my_join_status === 1;
  const blocked = otherSite ? null : exam.blocked;

  return (
    <Card title={exam.name} data-testid="pre-exam">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {otherSite ? (
          <Alert type="warning" showIcon message={t('shell:exam_other_site', { site: exam.site.name })} />
        ) : null}
        {blocked ? (
          <Alert type="info" showIcon message={t(`blocked_${blocked}`)} data-testid="pre-exam-blocked" />
        ) : null}
        {exam.live_invigilation ? (
          <Alert
            type="warning"
            showIcon
            icon={<VideoCameraOutlined />}
            title={t('camera_before_title')}
            description={
              exam.invigilation_screen ? (
                <>
                  <div>{t('camera_before_help')}</div>
                  <div data-testid="pre-exam-screen">{t('screen_before_help')}</div>
                </>
              ) : (
                t('camera_before_help')
              )
            }
            data-testid="pre-exam-camera"
          />
        ) : null}
        <Descriptions bordered column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('organisation')}>{exam.site.name}</Descriptions.Item>
          <Descriptions.Item label={t('my_state')}>
            <MyStateTag state={exam.my_state} t={t} />
          </Descriptions.Item>
          <Descriptions.Item label={t('window')}>
            {formatTime(exam.window_start)} ~ {formatTime(exam.window_end)}
          </Descriptions.Item>
          <Descriptions.Item label={t('duration')}>{durationText(t, exam.duration_seconds)}</Descriptions.Item>
          <Descriptions.Item label={t('question_count')}>{exam.data_count}</Descriptions.Item>
          <Descriptions.Item label={t('score_rule')}>
            {t('score_rule_text', { total: exam.total_score, pass: exam.pass_score })}
          </Descriptions.Item>
          <Descriptions.Item label={t('attempts')}>
            <span data-testid="pre-exam-attempts">
              {exam.attempts_used} / {exam.attempts_allowed}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('analysis_rule')}>
            {exam.show_analysis ? t('analysis_shown') : t('analysis_hidden')}
          </Descriptions.Item>
        </Descriptions>
        <Card size="small" title={t('rules')}>
          {exam.description ? <ExamHtml html={exam.description} /> : null}
          <ul style={{ margin: 0, paddingInlineStart: 20 }}>
            <li>{t('rule_clock')}</li>
            <li>{t('rule_saved')}</li>
            <li>{t('rule_events')}</li>
          </ul>
        </Card>
        <Space>
          {joined ? null : (
            <Button
              loading={join.isPending}
              disabled={otherSite}
              onClick={() => join.mutate()}
              data-testid="pre-exam-join"
            >
              {t('join')}
            </Button>
          )}
          <Button
            type="primary"
            disabled={otherSite || !joined || (blocked !== null && !exam.open_attempt_id)}
            onClick={() =>
              navigate(exam.open_attempt_id ? attemptPath(exam.id, exam.open_attempt_id) : examPath(exam.id))
            }
            data-testid="pre-exam-start"
          >
            {exam.open_attempt_id ? t('continue') : t('start')}
          </Button>
          <Button onClick={() => navigate('/trainingcamp/myexam/exam')}>{t('back_to_list')}</Button>
        </Space>
      </Space>
    </Card>
  );
}
