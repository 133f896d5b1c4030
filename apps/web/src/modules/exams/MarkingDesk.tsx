import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { TMarkingAnswer } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../shared/LoadFailed.tsx';
import { MarkingAnswer } from './MarkingAnswer.tsx';
import { MarkingForm } from './MarkingForm.tsx';
import { MarkingQuestion, type MarkingQuestionWhole } from './MarkingQuestion.tsx';
import { answerKey, neighbourKey, rubricOf } from './marking-format.ts';
import { markingQuestionQuery } from './queries.ts';

export interface MarkingDeskProps {
  examId: number;
  answers: TMarkingAnswer[];
  /** The question every answer is to (marking by question); null when each answer shows its own (by candidate). */
  question: MarkingQuestionWhole | null;
  /** An answer's line in the list, and the candidate it is of (a name, or "Candidate N" under blind marking). */
  itemLabel: (answer: TMarkingAnswer, index: number) => string;
  candidateLabel: (answer: TMarkingAnswer, index: number) => string;
  emptyText: string;
}

/** The answers of a listing, one at a time: the list with marked ticks to jump, the answer shown, and its mark. */
export function MarkingDesk({ examId, answers, question, itemLabel, candidateLabel, emptyText }: MarkingDeskProps) {
  const { t } = useTranslation('exam-marking');
  const [selected, setSelected] = useState<string | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const keys = answers.map(answerKey);
  const index = Math.max(0, selected === null ? 0 : keys.indexOf(selected));
  const current = answers[index];
  const currentKey = current ? answerKey(current) : null;

  useEffect(() => {
    if (currentKey === null) return;
    listRef.current?.querySelector(`[data-key="${currentKey}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [currentKey]);

  if (!current) return <Empty description={emptyText} />;
  const move = (step: 1 | -1) => {
    const next = neighbourKey(keys, currentKey, step);
    if (next === null) return false;
    setSelected(next);
    return true;
  };
  const marked = answers.filter((a) => a.points !== null).length;

  return (
    <Row gutter={16} wrap={false} data-testid="marking-desk">
      <Col flex="240px">
        <Typography.Text type="secondary">{t('list_count', { marked, total: answers.length })}</Typography.Text>
        <ul
          ref={listRef}
          style={{ maxHeight: 560, overflowY: 'auto', margin: '8px 0 0', padding: 0, listStyle: 'none' }}
          aria-label={t('answers')}
          data-testid="marking-list"
        >
          {answers.map((a, i) => {
            const key = answerKey(a);
            return (
              <li key={key} data-key={key}>
                <Button
                  type={i === index ? 'primary' : 'text'}
                  ghost={i === index}
                  block
                  onClick={() => setSelected(key)}
                  style={{ justifyContent: 'flex-start' }}
                  aria-current={i === index}
                  data-testid={`marking-item-${key}`}
                  icon={
                    a.points !== null ? (
                      <CheckCircleFilled style={{ color: '#52c41a' }} aria-label={t('marked')} />
                    ) : (
                      <MinusCircleOutlined style={{ color: '#bfbfbf' }} aria-label={t('unmarked')} />
                    )
                  }
                >
                  <Typography.Text ellipsis style={{ maxWidth: 170 }}>
                    {itemLabel(a, i)}
                  </Typography.Text>
                </Button>
              </li>
            );
          })}
        </ul>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <CurrentAnswer
          key={currentKey}
          examId={examId}
          answer={current}
          question={question}
          title={question ? candidateLabel(current, index) : itemLabel(current, index)}
          candidate={candidateLabel(current, index)}
          position={t('position', { n: index + 1, total: answers.length })}
          onMove={move}
        />
      </Col>
    </Row>
  );
}

function CurrentAnswer({
  examId,
  answer,
  question: given,
  title,
  candidate,
  position,
  onMove,
}: {
  examId: number;
  answer: TMarkingAnswer;
  question: MarkingQuestionWhole | null;
  title: string;
  candidate: string;
  position: string;
  onMove: (step: 1 | -1) => boolean;
}) {
  const { t } = useTranslation('exam-marking');
  const fetched = useQuery({
    ...markingQuestionQuery(examId, answer.question_id, answer.attempt_id),
    enabled: given === null,
  });
  const question = given ?? fetched.data ?? null;
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
          <div style={{ marginTop: 16 }}>
            <MarkingForm
              examId={examId}
              answer={answer}
              rubric={rubricOf(question.type, question.spec)}
              candidate={candidate}
              onMove={onMove}
            />
          </div>
        </>
      )}
    </Card>
  );
}
