import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import type { TRunLive } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Col, Popconfirm, QRCode, Result, Row, Skeleton, Space, Statistic, Tag, Typography } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { formatSeconds, parseId } from '../../shared/task-paths.ts';
import { ExamHtml } from '../exam-taking/index.ts';
import { AnswerSplitChart } from './AnswerSplitChart.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { type RunAction, runAction, runDetailPath, runLiveQuery, sendQuestion, studentRunPath } from './queries.ts';
import { RunQuestionList } from './RunQuestionList.tsx';
import { SelfPacedTeacherRun } from './SelfPacedTeacherRun.tsx';
import { useCountdown } from './use-countdown.ts';
import { type RunPush, useRunPush } from './use-run-push.ts';
import './interactions.css';

/**
 * `/teacher/course/interactExam?run_id=`: the teacher runs a live interaction — sends the questions one at a time,
 * watches joins and answers arrive (pushed, never polled), closes, reveals the key, shows the leaderboard, ends it.
 * The projector view (full screen, large type) hides the key until it is revealed and shows how to join. A
 * self-paced run shows every question's counts and split at once (`SelfPacedTeacherRun`).
 */
export function TeacherRunPage() {
  const { t } = useTranslation(['interactions', 'common']);
  const [params] = useSearchParams();
  const parsed = parseId(params.get('run_id'));
  const valid = parsed !== null;
  const runId = parsed ?? 0;
  const queryClient = useQueryClient();
  const live = useQuery({ ...runLiveQuery(runId), enabled: valid });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: runLiveQuery(runId).queryKey });
  }, [queryClient, runId]);
  // The pushed counts show at once; the split behind them is read again.
  const onPush = useCallback(
    (push: RunPush) => {
      queryClient.setQueryData(runLiveQuery(runId).queryKey, (live) =>
        live && push.index === live.current_index && push.answered !== undefined
          ? {
              ...live,
              joined_count: push.joined ?? live.joined_count,
              split: live.split
                ? { ...live.split, answered: Math.max(live.split.answered, push.answered) }
                : live.split,
            }
          : live,
      );
      refresh();
    },
    [queryClient, runId, refresh],
  );
  useRunPush(valid ? runId : null, 'interact_live', onPush);

  if (!valid || (live.error instanceof ApiError && live.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('run_not_found')} />
      </Card>
    );
  }
  if (live.isError && !live.data) return <LoadFailed error={live.error} onRetry={() => live.refetch()} />;
  if (!live.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (live.data.mode === 'self_paced') {
    return <SelfPacedTeacherRun data={live.data} receivedAt={live.dataUpdatedAt} onStale={refresh} />;
  }
  return <TeacherRun data={live.data} receivedAt={live.dataUpdatedAt} onStale={refresh} />;
}

function TeacherRun({ data, receivedAt, onStale }: { data: TRunLive; receivedAt: number; onStale: () => void }) {
  const { t } = useTranslation(['interactions', 'common']);
  const queryClient = useQueryClient();
  const frame = useRef<HTMLDivElement>(null);
  const [projector, setProjector] = useState(false);
  const left = useCountdown(data.remaining_ms, receivedAt, onStale);
  const settle = (next: TRunLive) => queryClient.setQueryData(runLiveQuery(data.run_id).queryKey, next);
  const act = useMutation({
    mutationFn: (action: RunAction) => runAction(action, data.run_id),
    onSuccess: settle,
    onError: showError,
  });
  const send = useMutation({
    mutationFn: (index: number) => sendQuestion(data.run_id, index),
    onSuccess: settle,
    onError: showError,
  });
  const ended = data.status === 'ended';
  const open = data.question_state === 'open' && (left === null || left > 0);
  const revealed = data.question_state === 'revealed';
  const next = data.current_index + 1 < data.question_count ? data.current_index + 1 : null;
  const toggleProjector = async () => {
    if (!projector) await frame.current?.requestFullscreen?.().catch(() => undefined);
    else if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
    setProjector(!projector);
  };
  const joinLink = `${window.location.origin}${studentRunPath(data.run_id)}`;

  return (
    <div ref={frame} className={projector ? 'interact-projector' : undefined} style={{ background: '#fff' }}>
      <Card
        title={
          <Space wrap>
            <span data-testid="interact-title">{data.title}</span>
            <Tag color={ended ? undefined : 'processing'}>{ended ? t('run_state_ended') : t('run_state_open')}</Tag>
          </Space>
        }
        extra={
          <Space wrap>
            <Button
              icon={projector ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={toggleProjector}
              data-testid="interact-projector"
            >
              {projector ? t('projector_exit') : t('projector')}
            </Button>
            <Link to={runDetailPath(data.run_id)}>{t('run_detail')}</Link>
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
              title={t('answered')}
              value={data.split?.answered ?? 0}
              suffix={`/ ${data.student_count}`}
              valueRender={(node) => <span data-testid="interact-answered">{node}</span>}
            />
          </Col>
          <Col xs={12} md={6}>
            <Statistic
              title={t('question')}
              value={data.current_index >= 0 ? data.current_index + 1 : '—'}
              suffix={`/ ${data.question_count}`}
            />
          </Col>
          <Col xs={12} md={6}>
            {open && left !== null ? (
              <Statistic title={t('time_left')} value={formatSeconds(Math.ceil(left / 1000))} />
            ) : (
              <Statistic title={t('question_state')} value={t(`state_${ended ? 'ended' : data.question_state}`)} />
            )}
          </Col>
        </Row>
        {projector ? (
          <Space align="center" size="large" style={{ marginTop: 16 }} wrap>
            <QRCode value={joinLink} size={160} data-testid="interact-join-qr" />
            <Typography.Paragraph copyable={{ text: joinLink }} style={{ margin: 0 }}>
              {t('join_hint', { link: joinLink })}
            </Typography.Paragraph>
          </Space>
        ) : null}
      </Card>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} lg={projector ? 24 : 16}>
          <Card
            title={data.question ? t('current_question') : t('no_question_yet')}
            extra={
              ended ? null : (
                <Space wrap>
                  {open ? (
                    <Button onClick={() => act.mutate('close')} loading={act.isPending} data-testid="interact-close">
                      {t('close_question')}
                    </Button>
                  ) : null}
                  {data.question && !revealed ? (
                    <Button onClick={() => act.mutate('reveal')} loading={act.isPending} data-testid="interact-reveal">
                      {t('reveal')}
                    </Button>
                  ) : null}
                  {next !== null ? (
                    <Button
                      type="primary"
                      onClick={() => send.mutate(next)}
                      loading={send.isPending}
                      data-testid="interact-send-next"
                    >
                      {data.current_index < 0 ? t('send_first') : t('send_next')}
                    </Button>
                  ) : null}
                </Space>
              )
            }
          >
            {data.question ? (
              <>
                <div className="interact-stem" data-testid="interact-stem">
                  <ExamHtml html={data.question.stem} />
                </div>
                <AnswerSplitChart live={data} showKey={revealed || !projector} height={projector ? 360 : 260} />
              </>
            ) : (
              <Typography.Text type="secondary">{t('no_question_help')}</Typography.Text>
            )}
          </Card>
          {(revealed || ended) && data.leaderboard.length > 0 && data.settings.leaderboard ? (
            <div style={{ marginTop: 16 }}>
              <Leaderboard rows={data.leaderboard} />
            </div>
          ) : null}
        </Col>
        {projector ? null : (
          <Col xs={24} lg={8}>
            <RunQuestionList live={data} sending={send.isPending} onSend={(index) => send.mutate(index)} />
          </Col>
        )}
      </Row>
    </div>
  );
}
