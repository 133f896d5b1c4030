import type { TExamCandidate, TMarkingAnswer, TMarkingQuestion } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Empty, Select, Space, Spin, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { MarkingDesk } from './MarkingDesk.tsx';
import { useMarkingAttempts } from './marking-candidates.ts';
import { shortText } from './marking-format.ts';
import { type MarkingFilter, markingAnswersQuery } from './queries.ts';

const STATE_COLOR: Partial<Record<TExamCandidate['state'], string>> = {
  being_graded: 'orange',
  graded: 'green',
  submitted: 'blue',
};

/** What an empty listing of an attempt says, by the filter. */
const EMPTY_KEY: Record<MarkingFilter, string> = {
  all: 'empty_attempt',
  unmarked: 'empty_all_marked',
  second: 'empty_second_done',
};

/**
 * Marking by candidate: the submitted attempts (waiting ones first), and every hand-marked answer of the one chosen,
 * each with its question. Under blind marking an attempt is "Candidate N", N in the order attempts were made.
 */
export function MarkingByCandidate({
  examId,
  questions,
  blind,
  filter,
}: {
  examId: number;
  questions: TMarkingQuestion[];
  blind: boolean;
  filter: MarkingFilter;
}) {
  const { t } = useTranslation(['exam-marking', 'exams']);
  const { attempts, list, numbers } = useMarkingAttempts(examId);
  const [attemptId, setAttemptId] = useState<number | null>(null);
  const firstId = list[0]?.attempt_id ?? null;
  // The attempt chosen first stays chosen when marking it moves it down the list.
  useEffect(() => {
    if (attemptId === null && firstId !== null) setAttemptId(firstId);
  }, [attemptId, firstId]);
  const chosenId = attemptId ?? firstId;
  const answers = useQuery({
    ...markingAnswersQuery(examId, { attempt_id: chosenId ?? 0 }, filter),
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
          key={`${chosenId}-${filter}`}
          examId={examId}
          answers={answers.data.list}
          question={null}
          itemLabel={questionLabel}
          candidateLabel={() => candidate}
          emptyText={t(EMPTY_KEY[filter])}
        />
      )}
    </>
  );
}
