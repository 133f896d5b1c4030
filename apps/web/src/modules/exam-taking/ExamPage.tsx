import { useQuery } from '@tanstack/react-query';
import { Button, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api.ts';
import { storageKey } from './answer-queue.ts';
import { ExamAnswering } from './ExamAnswering.tsx';
import { ExamResultView } from './ExamResultView.tsx';
import { attemptPath, resultPath } from './exam-shared.tsx';
import { attemptQuery, attemptResultQuery, startAttemptQuery } from './queries.ts';

const positive = (value: string | null) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
};

function Centered({ children }: { children: React.ReactNode }) {
  return <div style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>{children}</div>;
}

function Failed({ error, text }: { error?: unknown; text?: string }) {
  const { t } = useTranslation('exam-taking');
  const navigate = useNavigate();
  return (
    <Result
      status="warning"
      title={t('cannot_open')}
      subTitle={text ?? errorMessage(error)}
      extra={<Button onClick={() => navigate('/trainingcamp/myexam/exam')}>{t('back_to_list')}</Button>}
      data-testid="exam-open-failed"
    />
  );
}

const loading = <Spin size="large" style={{ display: 'block', margin: 96 }} />;

/** Starts (or resumes) the exam's attempt, then opens it by its id (a reload opens the same attempt). */
function StartAttempt({ examId }: { examId: number }) {
  const navigate = useNavigate();
  const start = useQuery({
    ...startAttemptQuery(examId),
    retry: false,
    staleTime: 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (start.data) navigate(attemptPath(examId, start.data.attempt_id), { replace: true });
  }, [start.data, examId, navigate]);
  return start.isError ? <Failed error={start.error} /> : loading;
}

/** An attempt: answering while it is open, else its result. */
function OpenAttempt({ examId, attemptId }: { examId: number; attemptId: number }) {
  const navigate = useNavigate();
  const attempt = useQuery({
    ...attemptQuery(attemptId),
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
  const over = attempt.data && attempt.data.status !== 'in_progress';
  useEffect(() => {
    if (over) navigate(resultPath(examId, attemptId), { replace: true });
  }, [over, examId, attemptId, navigate]);
  if (attempt.isError && !attempt.data) return <Failed error={attempt.error} />;
  if (!attempt.data || over) return loading;
  return <ExamAnswering key={attempt.data.id} attempt={attempt.data} />;
}

function AttemptResult({ attemptId }: { attemptId: number }) {
  const { t } = useTranslation('exam-taking');
  const navigate = useNavigate();
  const result = useQuery(attemptResultQuery(attemptId));
  // The attempt is over (e.g. submitted by the server at the deadline): its local answer copy is of no more use.
  useEffect(() => {
    if (result.data) window.localStorage.removeItem(storageKey(attemptId));
  }, [result.data, attemptId]);
  if (result.isError && !result.data) return <Failed error={result.error} />;
  if (!result.data) return loading;
  return (
    <ExamResultView
      result={result.data}
      extra={[
        <Button key="list" type="primary" onClick={() => navigate('/trainingcamp/myexam/done')}>
          {t('back_to_list')}
        </Button>,
        <Button key="records" onClick={() => navigate('/trainingcamp/myexamRecord')}>
          {t('records_title')}
        </Button>,
      ]}
    />
  );
}

/**
 * `/exam?id={exam id}` (`examineId` is an alias): starts or resumes the attempt and shows it (`&attempt=`);
 * with `&isResult=1` the attempt's result. Outside the shell: nothing but the exam on the screen.
 */
export function ExamPage() {
  const { t } = useTranslation('exam-taking');
  const [params] = useSearchParams();
  const examId = positive(params.get('id')) ?? positive(params.get('examineId'));
  const attemptId = positive(params.get('attempt'));
  useEffect(() => {
    document.title = t('page_title');
  }, [t]);
  if (!examId) return <Failed text={t('no_exam')} />;
  return (
    <Centered>
      {attemptId && params.has('isResult') ? (
        <AttemptResult attemptId={attemptId} />
      ) : attemptId ? (
        <OpenAttempt examId={examId} attemptId={attemptId} />
      ) : (
        <StartAttempt examId={examId} />
      )}
    </Centered>
  );
}
