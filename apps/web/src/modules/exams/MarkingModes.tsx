import type { TExamCandidate, TMarkingAnswer, TMarkingQuestion } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Empty, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { MarkingDesk } from './MarkingDesk.tsx';
import { MarkingQuestion } from './MarkingQuestion.tsx';
import { attemptsToMark, shortText } from './marking-format.ts';
import { markingAnswersQuery, markingAttemptsQuery } from './queries.ts';

const STATE_COLOR: Partial<Record<TExamCandidate['state'], string>> = {
  being_graded: 'orange',
  graded: 'green',
  submitted: 'blue',
};

/** Marking by question: one question's answers across all candidates, its stem and key above them. */
export function MarkingByQuestion({
  examId,
  questions,
  questionId,
  onQuestion,
  unmarkedOnly,
}: {
  examId: number;
  questions: TMarkingQuestion[];
  questionId: number;
  onQuestion: (id: number) => void;
  unmarkedOnly: boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const answers = useQuery(markingAnswersQuery(examId, { question_id: questionId }, unmarkedOnly));
  const data = answers.data;
  // Candidates are numbered in the order of the list, which keeps its order while it is marked (queries.ts).
  const candidate = (a: TMarkingAnswer, i: number) =>
    data?.blind || a.candidate_name === null ? t('candidate_n', { n: i + 1 }) : a.candidate_name;

  return (
    <>
      <Select
        value={questionId}
        onChange={onQuestion}
        showSearch={{ optionFilterProp: 'label' }}
        style={{ width: '100%', maxWidth: 720, marginBottom: 16 }}
        aria-label={t('question')}
        data-testid="marking-question-select"
        options={questions.map((q, i) => ({
          value: q.question_id,
          label: `${t('question_n', { n: i + 1 })} ${shortText(q.stem_text)} (${t('marked_of', {
            marked: q.marked_count,
            total: q.answer_count,
          })})`,
        }))}
      />
      {answers.isError ? (
        <LoadFailed error={answers.error} onRetry={() => answers.refetch()} />
      ) : !data ? (
        <Spin />
      ) : (
        <>
          {data.question && <MarkingQuestion question={data.question} />}
          <MarkingDesk
            key={`${questionId}-${unmarkedOnly}`}
            examId={examId}
            answers={data.list}
            question={data.question}
            itemLabel={candidate}
            candidateLabel={candidate}
            emptyText={t(unmarkedOnly ? 'empty_all_marked' : 'empty_question')}
          />
        </>
      )}
    </>
  );
}

/**
 * Marking by candidate: the submitted attempts (waiting ones first), and every hand-marked answer of the one chosen,
 * each with its question. Under blind marking an attempt is "Candidate N", N in the order attempts were made.
 */
export function MarkingByCandidate({
  examId,
  questions,
  blind,
  unmarkedOnly,
}: {
  examId: number;
  questions: TMarkingQuestion[];
  blind: boolean;
  unmarkedOnly: boolean;
}) {
  const { t } = useTranslation(['exam-marking', 'exams']);
  const attempts = useQuery({ ...markingAttemptsQuery(examId), placeholderData: keepPreviousData });
  const list = useMemo(() => attemptsToMark(attempts.data?.list ?? []), [attempts.data]);
  /** Attempt ids to "Candidate N": numbered by attempt id, so a number stays when the states change the order. */
  const numbers = useMemo(
    () => new Map([...list.map((a) => a.attempt_id!)].sort((a, b) => a - b).map((id, i) => [id, i + 1])),
    [list],
  );
  const [attemptId, setAttemptId] = useState<number | null>(null);
  const firstId = list[0]?.attempt_id ?? null;
  // The attempt chosen first stays chosen when marking it moves it down the list.
  useEffect(() => {
    if (attemptId === null && firstId !== null) setAttemptId(firstId);
  }, [attemptId, firstId]);
  const chosenId = attemptId ?? firstId;
  const answers = useQuery({
    ...markingAnswersQuery(examId, { attempt_id: chosenId ?? 0 }, unmarkedOnly),
    enabled: chosenId !== null,
  });

  const nameOf = (a: TExamCandidate) =>
    blind ? t('candidate_n', { n: numbers.get(a.attempt_id!) }) : `${a.nickname} (${a.username})`;
  const chosen = list.find((a) => a.attempt_id === chosenId);
  const candidate = chosen ? nameOf(chosen) : '';
  const position = new Map(questions.map((q, i) => [q.question_id, i + 1]));
  const stemOf = new Map(questions.map((q) => [q.question_id, q.stem_text]));
  const questionLabel = (a: TMarkingAnswer) =>
    `${t('question_n', { n: position.get(a.question_id) ?? '?' })} ${shortText(stemOf.get(a.question_id) ?? '', 40)}`;

  if (attempts.isError) return <LoadFailed error={attempts.error} onRetry={() => attempts.refetch()} />;
  if (!attempts.data) return <Spin />;
  if (list.length === 0) return <Empty description={t('empty_no_attempts')} />;
  return (
    <>
      {!attempts.data.complete && (
        <Alert type="info" showIcon title={t('attempts_capped', { total: list.length })} style={{ marginBottom: 16 }} />
      )}
      <Select
        value={chosenId}
        onChange={setAttemptId}
        showSearch={{ optionFilterProp: 'title' }}
        style={{ width: '100%', maxWidth: 480, marginBottom: 16 }}
        aria-label={t('candidate')}
        data-testid="marking-attempt-select"
        options={list.map((a) => ({
          value: a.attempt_id!,
          title: nameOf(a),
          label: (
            <Space>
              <span>{nameOf(a)}</span>
              {a.seq !== null && a.seq > 1 && <span>{t('attempt_seq', { seq: a.seq })}</span>}
              <Tag color={STATE_COLOR[a.state]}>{t(`exams:state_${a.state}`)}</Tag>
            </Space>
          ),
        }))}
      />
      {answers.isError ? (
        <LoadFailed error={answers.error} onRetry={() => answers.refetch()} />
      ) : !answers.data ? (
        <Spin />
      ) : (
        <MarkingDesk
          key={`${chosenId}-${unmarkedOnly}`}
          examId={examId}
          answers={answers.data.list}
          question={null}
          itemLabel={questionLabel}
          candidateLabel={() => candidate}
          emptyText={t(unmarkedOnly ? 'empty_all_marked' : 'empty_attempt')}
        />
      )}
    </>
  );
}
