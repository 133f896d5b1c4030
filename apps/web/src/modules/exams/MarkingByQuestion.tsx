import type { TMarkingQuestion } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { MarkingDesk } from './MarkingDesk.tsx';
import { LookAlikeButton, LookAlikeHints } from './MarkingLookAlike.tsx';
import { MarkingQuestion } from './MarkingQuestion.tsx';
import { useMarkingAttempts } from './marking-candidates.ts';
import { answerKey, shortText } from './marking-format.ts';
import { type MarkingFilter, markingAnswersQuery } from './queries.ts';

/** What an empty listing of a question says, by the filter. */
const EMPTY_KEY: Record<MarkingFilter, string> = {
  all: 'empty_question',
  unmarked: 'empty_all_marked',
  second: 'empty_second_done',
};

/**
 * Marking by question: one question's answers across all candidates, its stem and key above them, and the
 * look-alike pairs among them (a hint). Under blind marking candidates are "Candidate N" (useMarkingAttempts), so a
 * pair names them as the list does; opening an answer of a pair that the filter hides shows all answers again.
 */
export function MarkingByQuestion({
  examId,
  questions,
  questionId,
  onQuestion,
  filter,
  onFilter,
  blind,
}: {
  examId: number;
  questions: TMarkingQuestion[];
  questionId: number;
  onQuestion: (id: number) => void;
  filter: MarkingFilter;
  onFilter: (filter: MarkingFilter) => void;
  blind: boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const answers = useQuery(markingAnswersQuery(examId, { question_id: questionId }, filter));
  // Names of candidates a filtered listing leaves out (a look-alike pair may name them), from the whole listing.
  const whole = useQuery({
    ...markingAnswersQuery(examId, { question_id: questionId }, 'all'),
    enabled: !blind && filter !== 'all',
  });
  const { attempts, numbers } = useMarkingAttempts(examId, blind);
  const [selected, setSelected] = useState<string | null>(null);
  const data = answers.data;
  const names = useMemo(
    () => new Map([...(whole.data?.list ?? []), ...(data?.list ?? [])].map((a) => [a.attempt_id, a.candidate_name])),
    [whole.data, data],
  );
  const label = (attemptId: number) =>
    (blind ? null : names.get(attemptId)) ?? t('candidate_n', { n: numbers.get(attemptId) ?? `#${attemptId}` });
  const jump = (attemptId: number) => {
    const key = answerKey({ attempt_id: attemptId, question_id: questionId });
    if (!data?.list.some((a) => answerKey(a) === key)) onFilter('all');
    setSelected(key);
  };

  return (
    <>
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center', marginBottom: 16 }}>
        <Select
          value={questionId}
          onChange={onQuestion}
          showSearch={{ optionFilterProp: 'label' }}
          style={{ flex: '1 1 360px', maxWidth: 720 }}
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
        <LookAlikeButton examId={examId} questionId={questionId} label={label} onJump={jump} />
      </div>
      {answers.isError ? (
        <LoadFailed error={answers.error} onRetry={() => answers.refetch()} />
      ) : !data || (blind && attempts.isPending) ? (
        <Spin />
      ) : (
        <>
          {data.question && <MarkingQuestion question={data.question} />}
          <MarkingDesk
            key={`${questionId}-${filter}`}
            examId={examId}
            answers={data.list}
            question={data.question}
            itemLabel={(a) => label(a.attempt_id)}
            candidateLabel={(a) => label(a.attempt_id)}
            emptyText={t(EMPTY_KEY[filter])}
            selected={selected}
            onSelect={setSelected}
            extra={(a) => (
              <LookAlikeHints
                examId={examId}
                questionId={questionId}
                attemptId={a.attempt_id}
                label={label}
                onJump={jump}
              />
            )}
          />
        </>
      )}
    </>
  );
}
