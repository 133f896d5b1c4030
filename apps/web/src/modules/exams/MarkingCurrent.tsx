import type { TMarkingAnswer } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Segmented, Space, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { useSession } from '../../shared/session/session-context.tsx';
import { MarkingAnswer } from './MarkingAnswer.tsx';
import { MarkingForm } from './MarkingForm.tsx';
import { MarkingQuestion, type MarkingQuestionWhole } from './MarkingQuestion.tsx';
import { SecondMarkCompare } from './MarkingSecond.tsx';
import { rubricOf } from './marking-format.ts';
import { markingQuestionQuery } from './queries.ts';

type Which = 'first' | 'second';

/**
 * Which mark the form gives at first: the second when the answer wants one, somebody else gave the first and the
 * second is not somebody else's yet; else the first.
 */
function firstChoice(answer: TMarkingAnswer, myId: number): Which {
  const other = answer.points !== null && answer.marked_by_id !== myId;
  const mineOrFree = answer.second_points === null || answer.second_marked_by_id === myId;
  return answer.second_wanted && other && mineOrFree ? 'second' : 'first';
}

/**
 * The answer being marked: its question (when marking by candidate), what the candidate wrote, the first and second
 * marks side by side when the answer is chosen for a second mark, and the form, for the first or the second mark.
 */
export function MarkingCurrent({
  examId,
  answer,
  question: given,
  title,
  candidate,
  position,
  extra,
  onMove,
}: {
  examId: number;
  answer: TMarkingAnswer;
  question: MarkingQuestionWhole | null;
  title: string;
  candidate: string;
  position: string;
  extra?: ReactNode;
  onMove: (step: 1 | -1) => boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const myId = useSession().detail.user.id;
  const [which, setWhich] = useState<Which>(() => firstChoice(answer, myId));
  const fetched = useQuery({
    ...markingQuestionQuery(examId, answer.question_id, answer.attempt_id),
    enabled: given === null,
  });
  const question = given ?? fetched.data ?? null;
  const second = answer.second_wanted && which === 'second';
  return (
    <Card
      size="small"
      data-testid="marking-current"
      title={
        <Space wrap>
          <span data-testid="marking-candidate">{title}</span>
          <Typography.Text type="secondary">{position}</Typography.Text>
          {answer.points !== null ? (
            <Tag color="green">{t('marked_points', { points: answer.points, max: answer.max_points })}</Tag>
          ) : (
            <Tag color="orange">{t('unmarked')}</Tag>
          )}
          {extra}
        </Space>
      }
    >
      {given === null && fetched.isError ? (
        <LoadFailed error={fetched.error} onRetry={() => fetched.refetch()} />
      ) : question === null ? (
        fetched.isPending ? (
          <Spin />
        ) : (
          <Empty description={t('question_missing')} />
        )
      ) : (
        <>
          {given === null && <MarkingQuestion question={question} compact />}
          <MarkingAnswer answer={answer} />
          {answer.second_wanted && <SecondMarkCompare answer={answer} />}
          <div style={{ marginTop: 16 }}>
            {answer.second_wanted && (
              <Segmented<Which>
                value={which}
                onChange={setWhich}
                options={[
                  { value: 'first', label: t('give_first') },
                  { value: 'second', label: t('give_second') },
                ]}
                style={{ marginBottom: 12 }}
                aria-label={t('which_mark')}
                data-testid="marking-which"
              />
            )}
            <MarkingForm
              key={which}
              examId={examId}
              answer={answer}
              rubric={rubricOf(question.type, question.spec)}
              candidate={candidate}
              second={second}
              onMove={onMove}
            />
          </div>
        </>
      )}
    </Card>
  );
}
