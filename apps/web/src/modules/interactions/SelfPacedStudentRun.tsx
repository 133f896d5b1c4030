import type { TAnswerResponse, TRunStudentView } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, Result, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../shared/query-client.ts';
import { formatSeconds } from '../../shared/task-paths.ts';
import { ExamHtml } from '../exam-taking/index.ts';
import { AnswerInputs } from './AnswerInputs.tsx';
import { Leaderboard } from './Leaderboard.tsx';
import { answerRun, runStudentQuery } from './queries.ts';
import { useCountdown } from './use-countdown.ts';

type Entry = TRunStudentView['sheet'][number];

/**
 * A student's screen of a self-paced run: every question is open at once; numbered buttons (answered ones marked)
 * and previous / next move between them, in any order; one answer each. Once the run is closed or ended each shows
 * whether it was right and its points, and the key when the interaction shows answers. Made for a phone first.
 */
export function SelfPacedStudentRun({
  data,
  receivedAt,
  onStale,
}: {
  data: TRunStudentView;
  receivedAt: number;
  onStale: () => void;
}) {
  const { t } = useTranslation(['interactions', 'common']);
  const left = useCountdown(data.remaining_ms, receivedAt, onStale);
  const [at, setAt] = useState(() =>
    Math.max(
      0,
      data.sheet.findIndex((entry) => entry.my_answer === null),
    ),
  );
  const open = data.status === 'open' && data.question_state === 'open' && (left === null || left > 0);
  const answered = data.sheet.filter((entry) => entry.my_answer !== null).length;
  const entry = data.sheet[Math.min(at, data.sheet.length - 1)];
  const header = (
    <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
      <Typography.Title level={4} style={{ margin: 0 }} data-testid="interact-title">
        {data.title}
      </Typography.Title>
      <Space wrap>
        <Tag data-testid="interact-answered-count">
          {t('answered_of', { count: answered, total: data.sheet.length })}
        </Tag>
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
  if (!entry) {
    return (
      <Card title={header}>
        <Empty />
      </Card>
    );
  }
  return (
    <Card title={header} data-testid="interact-self-paced">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {data.status === 'ended' ? (
          <Result
            status="success"
            title={t('run_ended')}
            subTitle={t('my_points', { points: data.my_points })}
            data-testid="interact-ended"
          />
        ) : open ? null : (
          <Alert type="info" showIcon title={t('self_paced_closed')} />
        )}
        <nav className="interact-sheet-nav" aria-label={t('questions')}>
          {data.sheet.map((item, index) => (
            <Button
              key={item.question.index}
              size="small"
              shape="circle"
              type={index === at ? 'primary' : item.my_answer ? 'dashed' : 'default'}
              className={item.my_answer ? 'is-answered' : undefined}
              aria-current={index === at ? 'step' : undefined}
              aria-label={t(item.my_answer ? 'go_question_answered' : 'go_question', { n: index + 1 })}
              onClick={() => setAt(index)}
              data-testid={`interact-go-${index}`}
            >
              {index + 1}
            </Button>
          ))}
        </nav>
        <Typography.Text type="secondary">
          {t('question_n_of', { n: at + 1, count: data.sheet.length })}
        </Typography.Text>
        <SheetQuestion
          key={entry.question.index}
          data={data}
          entry={entry}
          open={open}
          onAnswered={() => {
            const next = data.sheet.findIndex((item, index) => index > at && item.my_answer === null);
            if (next >= 0) setAt(next);
          }}
          onStale={onStale}
        />
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <Button disabled={at === 0} onClick={() => setAt(at - 1)} data-testid="interact-prev">
            {t('previous')}
          </Button>
          <Button disabled={at >= data.sheet.length - 1} onClick={() => setAt(at + 1)} data-testid="interact-next">
            {t('next')}
          </Button>
        </Space>
        {data.leaderboard.length > 0 ? <Leaderboard rows={data.leaderboard} /> : null}
      </Space>
    </Card>
  );
}

/** One question of the sheet: its stem, the inputs while it may be answered, then the outcome and the key. */
function SheetQuestion({
  data,
  entry,
  open,
  onAnswered,
  onStale,
}: {
  data: TRunStudentView;
  entry: Entry;
  open: boolean;
  onAnswered: () => void;
  onStale: () => void;
}) {
  const { t } = useTranslation(['interactions', 'common']);
  const queryClient = useQueryClient();
  const { question } = entry;
  const mine = entry.my_answer;
  const choice = isChoiceType(question.type);
  const [chosen, setChosen] = useState<number[]>(mine?.chosen ?? []);
  const [response, setResponse] = useState<TAnswerResponse | null>(mine?.response ?? null);
  const send = useMutation({
    mutationFn: () =>
      answerRun({ run_id: data.run_id, index: question.index, chosen, response: choice ? null : response }),
    onSuccess: (next) => {
      queryClient.setQueryData(runStudentQuery(data.run_id).queryKey, next);
      if (!mine) onAnswered();
    },
    onError: (error) => {
      showError(error);
      onStale();
    },
  });
  const canAnswer = open && (mine === null || data.settings.allow_change);
  const revealed = entry.correct_options !== null || entry.spec !== null;
  return (
    <>
      <div className="interact-stem" data-testid="interact-stem">
        <ExamHtml html={question.stem} />
      </div>
      <AnswerInputs
        question={question}
        closed={!open}
        mine={mine}
        revealed={revealed ? entry : null}
        chosen={chosen}
        onChoose={setChosen}
        response={response}
        onRespond={setResponse}
        canAnswer={canAnswer}
        sending={send.isPending}
        onSend={() => send.mutate()}
      />
      {open ? (
        mine ? (
          <Alert type="info" showIcon title={t('answer_sent')} data-testid="interact-sent" />
        ) : null
      ) : !mine ? (
        <Alert type="warning" showIcon title={t('not_answered')} data-testid="interact-outcome" />
      ) : (
        <Alert
          type={mine.correct ? 'success' : 'error'}
          showIcon
          title={
            mine.correct
              ? t('answer_right', { points: mine.points ?? 0 })
              : t('answer_wrong', { points: mine.points ?? 0 })
          }
          data-testid="interact-outcome"
        />
      )}
    </>
  );
}
