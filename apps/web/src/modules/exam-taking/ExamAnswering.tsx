import { CheckOutlined, ClockCircleOutlined, CloudOutlined, LoadingOutlined } from '@ant-design/icons';
import type { TAnswerResponse, TExamAttempt, TExamResult } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { showError } from '../../shared/query-client.ts';
import { useSession } from '../../shared/session/session-context.tsx';
import { useWantPushes } from '../../shared/session/use-heartbeat.ts';
import { isAnswered } from './answer-queue.ts';
import { ExamCameraPanel } from './ExamCamera.tsx';
import { choiceAt, ExamQuestion } from './ExamQuestion.tsx';
import { clockText, resultPath } from './exam-shared.tsx';
import { attemptQuery, attemptResultQuery, EXAM_KEY, submitAttempt } from './queries.ts';
import {
  isRetryable,
  useAnswerQueue,
  useInvigilationWarnings,
  usePageEvents,
  useServerClock,
} from './use-exam-attempt.ts';

const LOW_TIME_MS = 5 * 60_000;

/**
 * The answer page of an open attempt: one question at a time with the answer sheet, the server's countdown, every
 * answer saved as given (with its acknowledgement and the offline queue), and the submit (by hand, or at 0). With
 * live invigilation, the candidate's camera panel (with the screen to share when the exam shares screens) and the
 * invigilators' warnings, each to acknowledge.
 */
export function ExamAnswering({ attempt }: { attempt: TExamAttempt }) {
  // `question-bank` for the names of the types that are not choices, loaded before the first question shows.
  const { t } = useTranslation(['exam-taking', 'common', 'question-bank']);
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [index, setIndex] = useRememberedIndex(attempt.id);
  const [submitting, setSubmitting] = useState(false);
  /** Set while a submit runs and once it succeeded: the page submits once (by hand or at 0). */
  const submitted = useRef(false);
  const inFlight = useRef(false);
  const clock = useServerClock(attempt.remaining_ms);
  const { queue, state } = useAnswerQueue(attempt, clock.sync, (error) => {
    showError(error);
    void queryClient.invalidateQueries({ queryKey: attemptQuery(attempt.id).queryKey });
  });
  usePageEvents(attempt.id, () => void queue.flush());
  const { detail } = useSession();
  const watched = attempt.live_invigilation && attempt.status === 'in_progress';
  useWantPushes(watched);
  useInvigilationWarnings(attempt.id, (text) => {
    modal.warning({
      title: t('warning_title'),
      content: (
        <div className="exam-warning-text" data-testid="invigilation-warning">
          {text}
        </div>
      ),
      okText: t('warning_ack'),
      okButtonProps: { ...{ 'data-testid': 'invigilation-warning-ok' } },
      keyboard: false,
    });
  });

  const questions = attempt.questions;
  const current = questions[Math.min(index, questions.length - 1)];
  const chosenOf = (questionId: number) => state.answers.get(questionId)?.chosen ?? [];
  const unanswered = questions.flatMap((q, i) => (isAnswered(state.answers.get(q.id)) ? [] : [i + 1]));
  const timeUp = clock.remaining <= 0;

  const finish = useCallback(
    async (auto: boolean) => {
      if (submitted.current || inFlight.current) return;
      inFlight.current = true;
      setSubmitting(true);
      await queue.flush();
      try {
        const result: TExamResult = await submitAttempt(attempt.id);
        submitted.current = true;
        queue.clear();
        queryClient.setQueryData(attemptResultQuery(attempt.id).queryKey, result);
        await queryClient.invalidateQueries({ queryKey: EXAM_KEY, predicate: (q) => q.queryKey[2] !== attempt.id });
        if (auto) void message.info(t('time_up_submitted'));
        navigate(resultPath(attempt.exam_id, attempt.id), { replace: true });
      } catch (error) {
        // At 0 the server submits anyway: keep trying while the page is open.
        if (auto && isRetryable(error)) window.setTimeout(() => void finish(true), 5000);
        else {
          showError(error);
          // Refused at 0: the server has closed the attempt itself; its result is what is left to show.
          if (auto) navigate(resultPath(attempt.exam_id, attempt.id), { replace: true });
        }
      } finally {
        inFlight.current = false;
        setSubmitting(false);
      }
    },
    [attempt.exam_id, attempt.id, message, navigate, queryClient, queue, t],
  );

  useEffect(() => {
    if (timeUp) void finish(true);
  }, [timeUp, finish]);

  const choose = (chosen: number[] | null) => {
    if (!current || !chosen || timeUp || submitting) return;
    queue.answer(current.id, chosen);
  };
  /** The answer of a type that is not a choice; typed text is sent once the typing pauses (or on blur). */
  const respond = (response: TAnswerResponse, typing: boolean) => {
    if (!current || timeUp || submitting) return;
    queue.answer(current.id, [], response, { typing });
  };
  const commit = () => {
    if (queue.getState().pending > 0) void queue.flush();
  };
  const go = (next: number) => setIndex(Math.max(0, Math.min(questions.length - 1, next)));

  const confirmSubmit = async () => {
    await queue.flush();
    if (queue.getState().pending > 0) {
      modal.warning({ title: t('pending_before_submit', { count: queue.getState().pending }) });
      return;
    }
    modal.confirm({
      title: t('submit_confirm_title'),
      content: unanswered.length
        ? t('submit_confirm_unanswered', { count: unanswered.length, list: unanswered.join(', ') })
        : t('submit_confirm_all_answered'),
      okText: t('submit'),
      onOk: () => finish(false),
    });
  };

  // Keyboard: 1–6 / A–F choose, ←/→ move, Enter next (not while a dialog is open, typing, in a select or in an
  // ordering list, which has keys of its own).
  const keyHandler = useRef<(event: KeyboardEvent) => void>(() => {});
  keyHandler.current = (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || !current) return;
    const target = event.target as HTMLElement | null;
    if (
      target?.closest(
        '.ant-modal, textarea, input:not([type="radio"]):not([type="checkbox"]), .ant-select, [data-exam-keys="off"]',
      )
    )
      return;
    if (event.key === 'Enter' && target?.closest('button, a')) return;
    if (document.querySelector('.ant-modal-wrap:not([style*="display: none"])')) return;
    const key = event.key;
    if (/^[1-6]$/.test(key)) choose(choiceAt(current, chosenOf(current.id), Number(key) - 1));
    else if (/^[a-fA-F]$/.test(key))
      choose(choiceAt(current, chosenOf(current.id), key.toUpperCase().charCodeAt(0) - 65));
    else if (key === 'ArrowLeft') go(index - 1);
    else if (key === 'ArrowRight' || key === 'Enter') go(index + 1);
    else return;
    event.preventDefault();
  };
  useEffect(() => {
    const listener = (event: KeyboardEvent) => keyHandler.current(event);
    window.addEventListener('keydown', listener);
    return () => window.removeEventListener('keydown', listener);
  }, []);

  const saveIndicator = state.offline ? (
    <Tag color="warning" icon={<CloudOutlined />} data-testid="exam-save-state">
      {t('save_offline', { count: state.pending })}
    </Tag>
  ) : state.pending > 0 || state.sending ? (
    <Tag color="processing" icon={<LoadingOutlined />} data-testid="exam-save-state">
      {t('save_saving')}
    </Tag>
  ) : (
    <Tag color="success" icon={<CheckOutlined />} data-testid="exam-save-state">
      {t('save_saved')}
    </Tag>
  );

  return (
    <div data-testid="exam-answering" className={watched ? 'exam-answering-watched' : undefined}>
      {watched ? (
        <ExamCameraPanel attemptId={attempt.id} userId={detail.user.id} screen={attempt.invigilation_screen} />
      ) : null}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row align="middle" justify="space-between" gutter={[16, 8]}>
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {attempt.exam_name}
            </Typography.Title>
            <Typography.Text type="secondary">{t('attempt_n', { n: attempt.seq })}</Typography.Text>
          </Col>
          <Col>
            <Space size="middle" wrap>
              {saveIndicator}
              <Tag
                icon={<ClockCircleOutlined />}
                color={clock.remaining < LOW_TIME_MS ? 'error' : 'blue'}
                style={{ fontSize: 18, padding: '4px 10px', fontVariantNumeric: 'tabular-nums' }}
              >
                <span data-testid="exam-countdown">{clockText(clock.remaining)}</span>
              </Tag>
              <Button
                type="primary"
                loading={submitting}
                onClick={() => void confirmSubmit()}
                data-testid="exam-submit"
              >
                {t('submit')}
              </Button>
            </Space>
          </Col>
        </Row>
      </Card>
      <Row gutter={16}>
        <Col xs={24} lg={17}>
          <Card title={t('question_of', { index: index + 1, total: questions.length })}>
            {current ? (
              <ExamQuestion
                key={current.id}
                question={current}
                index={index}
                chosen={chosenOf(current.id)}
                response={state.answers.get(current.id)?.response ?? null}
                disabled={timeUp || submitting}
                onChoose={choose}
                onRespond={respond}
                onCommit={commit}
                attemptId={attempt.id}
              />
            ) : null}
            <Space style={{ marginTop: 24 }}>
              <Button disabled={index === 0} onClick={() => go(index - 1)} data-testid="exam-prev">
                {t('previous')}
              </Button>
              <Button disabled={index >= questions.length - 1} onClick={() => go(index + 1)} data-testid="exam-next">
                {t('next')}
              </Button>
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
              {t('keyboard_hint')}
            </Typography.Paragraph>
          </Card>
        </Col>
        <Col xs={24} lg={7}>
          <Card title={t('answer_sheet')}>
            <Space wrap data-testid="exam-sheet">
              {questions.map((q, i) => {
                const local = state.answers.get(q.id);
                const answered = isAnswered(local);
                return (
                  <Button
                    key={q.id}
                    size="small"
                    type={i === index ? 'primary' : 'default'}
                    style={
                      i === index
                        ? undefined
                        : answered
                          ? { background: '#e6f4ff', borderColor: local?.acked ? '#1677ff' : '#faad14' }
                          : undefined
                    }
                    onClick={() => setIndex(i)}
                    data-testid={`exam-sheet-${i}`}
                    data-answered={answered ? (local?.acked ? 'saved' : 'waiting') : 'no'}
                  >
                    {i + 1}
                  </Button>
                );
              })}
            </Space>
            <Typography.Paragraph type="secondary" style={{ marginTop: 16, marginBottom: 0 }}>
              <span data-testid="exam-answered-count">
                {t('answered_of', { answered: questions.length - unanswered.length, total: questions.length })}
              </span>
            </Typography.Paragraph>
          </Card>
        </Col>
      </Row>
    </div>
  );
}

/** The question the candidate is at, kept for the tab (sessionStorage) so a reload reopens it. */
function useRememberedIndex(attemptId: number) {
  const key = `exam-position:${attemptId}`;
  const [index, setIndex] = useState(() => Number(sessionStorage.getItem(key)) || 0);
  useEffect(() => sessionStorage.setItem(key, String(index)), [key, index]);
  return [index, setIndex] as const;
}
