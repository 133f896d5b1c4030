import { CheckCircleFilled, CloseCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import type { TAnswerResponse, TCourseSelfTestQuestion, TCourseSelfTestResult } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Card, Checkbox, Radio, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamHtml, ExamResponseInput, letter, ResponseReview } from '../exam-taking/index.ts';

type ResultQuestion = TCourseSelfTestResult['questions'][number];

/** What the student has given for a question so far: `chosen` for choices, `response` for the other types. */
export interface SelfTestAnswer {
  chosen?: number[];
  response?: TAnswerResponse;
}

const column = { display: 'flex', flexDirection: 'column', gap: 8 } as const;

/** A question's card: its number, type, points and stem, then `children`. */
export function SelfTestQuestionCard({
  question,
  index,
  extra,
  children,
}: {
  question: TCourseSelfTestQuestion;
  index: number;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['courses-learning', 'question-bank']);
  return (
    <Card
      size="small"
      data-testid={`self-test-question-${question.id}`}
      title={
        <Space size={6} wrap>
          <span>{index + 1}.</span>
          <Typography.Text type="secondary">{t(`question-bank:type_${question.type}`)}</Typography.Text>
          <Typography.Text type="secondary">{t('self_test_points', { points: question.points })}</Typography.Text>
        </Space>
      }
      extra={extra}
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <ExamHtml html={question.stem} />
        {children}
      </Space>
    </Card>
  );
}

/** The input of one question: radio buttons or check boxes for choices, the exams' inputs for the other types. */
export function SelfTestAnswerInput({
  question,
  answer,
  disabled,
  onChange,
}: {
  question: TCourseSelfTestQuestion;
  answer: SelfTestAnswer | undefined;
  disabled: boolean;
  onChange: (answer: SelfTestAnswer) => void;
}) {
  if (!isChoiceType(question.type)) {
    return (
      <ExamResponseInput
        question={question}
        response={answer?.response ?? null}
        disabled={disabled}
        onRespond={(response) => onChange({ response })}
        onCommit={() => undefined}
        attemptId={0}
      />
    );
  }
  const options = question.options.map((option, position) => (
    <span key={option.key} style={{ display: 'inline-flex', gap: 6 }}>
      <b>{letter(position)}.</b>
      <ExamHtml html={option.content} />
    </span>
  ));
  if (question.type === 'multiple') {
    return (
      <Checkbox.Group
        value={answer?.chosen ?? []}
        disabled={disabled}
        onChange={(values) => onChange({ chosen: (values as number[]).sort((a, b) => a - b) })}
        style={column}
        data-testid={`self-test-options-${question.id}`}
      >
        {question.options.map((option, position) => (
          <Checkbox key={option.key} value={option.key} data-testid={`self-test-option-${question.id}-${position}`}>
            {options[position]}
          </Checkbox>
        ))}
      </Checkbox.Group>
    );
  }
  return (
    <Radio.Group
      value={answer?.chosen?.[0]}
      disabled={disabled}
      onChange={(event) => onChange({ chosen: [event.target.value as number] })}
      style={column}
      data-testid={`self-test-options-${question.id}`}
    >
      {question.options.map((option, position) => (
        <Radio key={option.key} value={option.key} data-testid={`self-test-option-${question.id}-${position}`}>
          {options[position]}
        </Radio>
      ))}
    </Radio.Group>
  );
}

const VERDICT_LOOK = {
  right: { color: '#389e0d', icon: <CheckCircleFilled /> },
  partly: { color: '#d48806', icon: <MinusCircleFilled /> },
  wrong: { color: '#cf1322', icon: <CloseCircleFilled /> },
} as const;

/** Right, partly right (with its share) or wrong. */
export function SelfTestVerdict({ question }: { question: ResultQuestion }) {
  const { t } = useTranslation('courses-learning');
  const look = VERDICT_LOOK[question.verdict];
  return (
    <span style={{ color: look.color, whiteSpace: 'nowrap' }} data-testid={`self-test-verdict-${question.id}`}>
      {look.icon} {t(`self_test_verdict_${question.verdict}`, { percent: Math.round(question.share * 100) })}
    </span>
  );
}

const letters = (keys: readonly number[], options: ResultQuestion['options']) =>
  keys
    .map((key) => options.findIndex((option) => option.key === key))
    .filter((position) => position >= 0)
    .map(letter)
    .join(', ');

/** A graded question: the options marked (choices) or the answer beside the key, then the analysis. */
export function SelfTestReview({ question }: { question: ResultQuestion }) {
  const { t } = useTranslation('courses-learning');
  const choice = isChoiceType(question.type);
  const right = question.correct_options ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {choice ? (
        <>
          {question.options.map((option, position) => (
            <div
              key={option.key}
              style={{
                display: 'flex',
                gap: 6,
                padding: '4px 8px',
                borderRadius: 4,
                background: right.includes(option.key)
                  ? '#f6ffed'
                  : question.chosen?.includes(option.key)
                    ? '#fff1f0'
                    : undefined,
              }}
            >
              <b>{letter(position)}.</b>
              <ExamHtml html={option.content} />
            </div>
          ))}
          <Typography.Text>{t('self_test_key', { letters: letters(right, question.options) })}</Typography.Text>
          <Typography.Text type="secondary">
            {question.answered
              ? t('self_test_yours', { letters: letters(question.chosen ?? [], question.options) })
              : t('self_test_not_answered')}
          </Typography.Text>
        </>
      ) : (
        <>
          {question.answered ? null : <Typography.Text type="secondary">{t('self_test_not_answered')}</Typography.Text>}
          <ResponseReview question={question} />
        </>
      )}
      <div style={{ background: '#fafafa', padding: '8px 12px', borderRadius: 6 }}>
        <Typography.Text strong>{t('self_test_analysis')}</Typography.Text>
        {question.analysis ? (
          <ExamHtml html={question.analysis} />
        ) : (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('self_test_no_analysis')}
          </Typography.Paragraph>
        )}
      </div>
    </Space>
  );
}
