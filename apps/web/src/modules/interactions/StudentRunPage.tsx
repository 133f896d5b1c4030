import type { TAnswerResponse, TRunStudentView } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Card, Empty, Result, Skeleton, Space, Spin, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../shared/api.ts';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { showError } from '../../shared/query-client.ts';
import { formatSeconds, parseId } from '../../shared/task-paths.ts';
import { ExamHtml } from '../exam-taking/index.ts';
import { AnswerInputs } from './AnswerInputs.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { answerRun, runStudentQuery } from './queries.ts';
import { SelfPacedStudentRun } from './SelfPacedStudentRun.tsx';
import { useCountdown } from './use-countdown.ts';
import { useRunPush } from './use-run-push.ts';
import './interactions.css';

/**
 * `/course/interactExam?run_id=`: a student's screen of a live interaction. The current question appears as soon as
 * the teacher sends it (a websocket push; the page reads its view again on every push, and after a reconnect that is
 * the catch-up), with the server's countdown; one answer, then the outcome once the question closes and the key once
 * revealed; at the end the leaderboard. Made for a phone first. A self-paced run shows all its questions at once
 * (`SelfPacedStudentRun`).
 */
export function StudentRunPage() {
  const { t } = useTranslation(['interactions', 'exam-taking', 'question-bank', 'common']);
  const [params] = useSearchParams();
  const parsed = parseId(params.get('run_id'));
  const valid = parsed !== null;
  const runId = parsed ?? 0;
  const queryClient = useQueryClient();
  const view = useQuery({ ...runStudentQuery(runId), enabled: valid, refetchOnWindowFocus: true });
  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: runStudentQuery(runId).queryKey });
  }, [queryClient, runId]);
  useRunPush(valid ? runId : null, 'interact', refresh);

  if (!valid || (view.error instanceof ApiError && view.error.code === 'not_found')) {
    return (
      <Card>
        <Result status="404" title={t('run_not_found')} subTitle={t('run_not_found_help')} />
      </Card>
    );
  }
  if (view.isError && !view.data) return <LoadFailed error={view.error} onRetry={() => view.refetch()} />;
  if (!view.data) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (view.data.mode === 'self_paced') {
    return <SelfPacedStudentRun data={view.data} receivedAt={view.dataUpdatedAt} onStale={refresh} />;
  }
  return (
    <StudentRun key={`${view.data.current_index}`} data={view.data} receivedAt={view.dataUpdatedAt} onStale={refresh} />
  );
}

function StudentRun({ data, receivedAt, onStale }: { data: TRunStudentView; receivedAt: number; onStale: () => void }) {
  const { t } = useTranslation(['interactions', 'exam-taking', 'question-bank', 'common']);
  const queryClient = useQueryClient();
  const left = useCountdown(data.remaining_ms, receivedAt, onStale);
  const mine = data.my_answer;
  const [chosen, setChosen] = useState<number[]>(mine?.chosen ?? []);
  const [response, setResponse] = useState<TAnswerResponse | null>(mine?.response ?? null);
  const send = useMutation({
    mutationFn: () =>
      answerRun({ run_id: data.run_id, index: data.current_index, chosen, response: choice ? null : response }),
    onSuccess: (next) => queryClient.setQueryData(runStudentQuery(data.run_id).queryKey, next),
    onError: (error) => {
      showError(error);
      onStale();
    },
  });
  const question = data.question;
  const choice = question !== null && isChoiceType(question.type);
  const open = data.status === 'open' && data.question_state === 'open' && (left === null || left > 0);
  const canAnswer = open && (mine === null || data.settings.allow_change);
  const header = (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="interact-title">
        {data.title}
      </Typography.Title>
      <Space wrap>
        {data.current_index >= 0 ? (
          <Tag>{t('question_n_of', { n: data.current_index + 1, count: data.question_count })}</Tag>
        ) : null}
        <Tag color="gold" data-testid="interact-my-points">
          {t('my_points', { points: data.my_points })}
        </Tag>
        {open && left !== null ? (
          <span className="interact-clock" data-testid="interact-clock">
            {formatSeconds(Math.ceil(left / 1000))}
          </span>
        ) : null}
      </Space>
    </Space>
  );

  if (data.status === 'ended') {
    return (
      <Card title={header} data-testid="interact-ended">
        <Result status="success" title={t('run_ended')} subTitle={t('my_points', { points: data.my_points })} />
        {data.leaderboard.length > 0 ? <Leaderboard rows={data.leaderboard} /> : null}
      </Card>
    );
  }
  if (!question) {
    return (
      <Card title={header} data-testid="interact-waiting">
        <Empty image={<Spin size="large" />} description={t('waiting_first')} />
      </Card>
    );
  }
  const closed = !open;
  const revealed = data.question_state === 'revealed';
  return (
    <Card title={header} data-testid="interact-question">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <div className="interact-stem" data-testid="interact-stem">
          <ExamHtml html={question.stem} />
        </div>
        <AnswerInputs
          question={question}
          closed={closed}
          mine={mine}
          revealed={revealed ? data : null}
          chosen={chosen}
          onChoose={setChosen}
          response={response}
          onRespond={setResponse}
          canAnswer={canAnswer}
          sending={send.isPending}
          onSend={() => send.mutate()}
        />
        <Outcome data={data} closed={closed} />
        {revealed && data.leaderboard.length > 0 ? <Leaderboard rows={data.leaderboard} /> : null}
      </Space>
    </Card>
  );
}

/** After answering: sent and waiting; once closed, right or wrong and the points (or not answered). */
function Outcome({ data, closed }: { data: TRunStudentView; closed: boolean }) {
  const { t } = useTranslation('interactions');
  const mine = data.my_answer;
  if (!closed) {
    return mine ? <Alert type="info" showIcon title={t('answer_sent')} data-testid="interact-sent" /> : null;
  }
  if (!mine) return <Alert type="warning" showIcon title={t('not_answered')} data-testid="interact-outcome" />;
  return (
    <Alert
      type={mine.correct ? 'success' : 'error'}
      showIcon
      title={
        mine.correct ? t('answer_right', { points: mine.points ?? 0 }) : t('answer_wrong', { points: mine.points ?? 0 })
      }
      description={data.question_state === 'closed' && data.settings.show_answer ? t('wait_reveal') : undefined}
      data-testid="interact-outcome"
    />
  );
}
