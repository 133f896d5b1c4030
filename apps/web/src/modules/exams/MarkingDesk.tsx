import { CheckCircleFilled, MinusCircleOutlined } from '@ant-design/icons';
import type { TMarkingAnswer } from '@app/contracts';
import { Button, Col, Empty, Row, Space, Typography } from 'antd';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkingCurrent } from './MarkingCurrent.tsx';
import type { MarkingQuestionWhole } from './MarkingQuestion.tsx';
import { SecondMarkBadge } from './MarkingSecond.tsx';
import { answerKey, neighbourKey } from './marking-format.ts';

export interface MarkingDeskProps {
  examId: number;
  answers: TMarkingAnswer[];
  /** The question every answer is to (marking by question); null when each answer shows its own (by candidate). */
  question: MarkingQuestionWhole | null;
  /** An answer's line in the list, and the candidate it is of (a name, or "Candidate N" under blind marking). */
  itemLabel: (answer: TMarkingAnswer, index: number) => string;
  candidateLabel: (answer: TMarkingAnswer, index: number) => string;
  emptyText: string;
  /** The answer shown (its answerKey), when the page chooses it (a look-alike pair opened); else the desk's own. */
  selected?: string | null;
  onSelect?: (key: string) => void;
  /** Shown beside the current answer's title (the look-alike hints of marking by question). */
  extra?: (answer: TMarkingAnswer) => ReactNode;
}

/**
 * The answers of a listing, one at a time: the list with marked ticks (and second marks: waiting, given, far apart)
 * to jump, the answer shown, and its mark.
 */
export function MarkingDesk(props: MarkingDeskProps) {
  const { examId, answers, question, itemLabel, candidateLabel, emptyText, extra } = props;
  const { t } = useTranslation('exam-marking');
  const [own, setOwn] = useState<string | null>(null);
  const selected = props.selected !== undefined ? props.selected : own;
  const select = props.onSelect ?? setOwn;
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
    select(next);
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
                  onClick={() => select(key)}
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
                  <Space size={4} style={{ minWidth: 0 }}>
                    <Typography.Text ellipsis style={{ maxWidth: a.second_wanted ? 130 : 170 }}>
                      {itemLabel(a, i)}
                    </Typography.Text>
                    <SecondMarkBadge answer={a} />
                  </Space>
                </Button>
              </li>
            );
          })}
        </ul>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <MarkingCurrent
          key={currentKey}
          examId={examId}
          answer={current}
          question={question}
          title={question ? candidateLabel(current, index) : itemLabel(current, index)}
          candidate={candidateLabel(current, index)}
          position={t('position', { n: index + 1, total: answers.length })}
          extra={extra?.(current)}
          onMove={move}
        />
      </Col>
    </Row>
  );
}
