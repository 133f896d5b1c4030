import type { TRunLive } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Popconfirm, Row, Space, Statistic, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showError } from '../../shared/query-client.ts';
import { formatSeconds } from '../../shared/task-paths.ts';
import { ExamHtml } from '../exam-taking/index.ts';
import { AnswerSplitChart } from './AnswerSplitChart.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { type RunAction, runAction, runDetailPath, runLiveQuery } from './queries.ts';
import { useCountdown } from './use-countdown.ts';

/**
 * The teacher's screen of a self-paced run: every question is open at once, so each shows how many answered it and
 * how its answers split (read again on every push); close all, reveal all the keys, end.
 */
export function SelfPacedTeacherRun({
  data,
  receivedAt,
  onStale,
}: {
  data: TRunLive;
  receivedAt: number;
  onStale: () => void;
}) {
  const { t } = useTranslation(['interactions', 'common']);
  const queryClient = useQueryClient();
  const left = useCountdown(data.remaining_ms, receivedAt, onStale);
  const act = useMutation({
    mutationFn: (action: RunAction) => runAction(action, data.run_id),
    onSuccess: (next) => queryClient.setQueryData(runLiveQuery(data.run_id).queryKey, next),
    onError: showError,
  });
  const ended = data.status === 'ended';
  const open = !ended && data.question_state === 'open' && (left === null || left > 0);
  const revealed = data.question_state === 'revealed';
  const answers = data.sheet.reduce((sum, entry) => sum + entry.split.answered, 0);
  return (
    <>
      <Card
        title={
          <Space wrap>
            <span data-testid="interact-title">{data.title}</span>
            <Tag color="purple">{t('mode_self_paced')}</Tag>
            <Tag color={ended ? undefined : 'processing'}>{ended ? t('run_state_ended') : t('run_state_open')}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            <Link to={runDetailPath(data.run_id)}>{t('run_detail')}</Link>
            {open ? (
              <Button onClick={() => act.mutate('close')} loading={act.isPending} data-testid="interact-close">
                {t('close_all')}
              </Button>
            ) : null}
            {!ended && !revealed ? (
              <Button onClick={() => act.mutate('reveal')} loading={act.isPending} data-testid="interact-reveal">
                {t('reveal_all')}
              </Button>
            ) : null}
            {ended ? null : (
              <Popconfirm title={t('end_confirm')} onConfirm={() => act.mutateAsync('end')} okText={t('end')}>
                <Button danger data-testid="interact-end">
                  {t('end')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      >
        <Row gutter={[16, 16]}>
          <Col xs={12} md={6}>
            <Statistic title={t('joined')} value={data.joined_count} suffix={`/ ${data.student_count}`} />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('answers')}
              value={answers}
              valueRender={(node) => <span data-testid="interact-answered">{node}</span>}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic title={t('questions')} value={data.question_count} />
          </Col>
          <Col xs={12} md={6}>
            {open && left !== null ? (
              <Statistic title={t('time_left')} value={formatSeconds(Math.ceil(left / 1000))} />
            ) : (
              <Statistic title={t('question_state')} value={t(`state_${ended ? 'ended' : data.question_state}`)} />
            )}
          </Col>
        </Row>
      </Card>
      <div className="interact-sheet-grid" style={{ marginTop: 16 }}>
        {data.sheet.map((entry, index) => (
          <Card
            key={entry.question.index}
            size="small"
            title={t('question_n_of', { n: index + 1, count: data.sheet.length })}
            extra={
              <Typography.Text data-testid={`interact-sheet-answered-${index}`}>
                {t('answered_of', { count: entry.split.answered, total: data.student_count })}
              </Typography.Text>
            }
            data-testid={`interact-sheet-${index}`}
          >
            <div className="interact-stem">
              <ExamHtml html={entry.question.stem} />
            </div>
            <AnswerSplitChart
              live={{ ...data, question: entry.question, split: entry.split, correct_options: entry.correct_options }}
              showKey
              height={180}
            />
          </Card>
        ))}
      </div>
      {(revealed || ended) && data.leaderboard.length > 0 && data.settings.leaderboard ? (
        <div style={{ marginTop: 16 }}>
          <Leaderboard rows={data.leaderboard} />
        </div>
      ) : null}
    </>
  );
}
