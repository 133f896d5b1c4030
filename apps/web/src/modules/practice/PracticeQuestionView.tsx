import { CheckCircleFilled, CloseCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import type { TAnswerResponse, TExamPaperQuestion, TPracticeQuestion } from '@app/contracts';
import { responseGiven } from '@app/contracts/question-answers.ts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Alert, App, Button, Card, Checkbox, Radio, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExamResponseInput, ResponseReview } from '../exam-taking/index.ts';
import { shareText } from './practice-answers.ts';
import { letters, PracticeHtml } from './practice-html.tsx';

/** An answer as the page sends it: the chosen options of a choice, or the answer to another type. */
export type PracticeAnswer = { chosen: number[] } | { response: TAnswerResponse };

interface QuestionProps {
  question: TPracticeQuestion;
  disabled: boolean;
  onAnswer: (answer: PracticeAnswer) => void;
  answering: boolean;
}

function OptionLabel({ content, index }: { content: string; index: number }) {
  return (
    <Space align="start">
      <b>{String.fromCharCode(65 + index)}.</b>
      <PracticeHtml html={content} />
    </Space>
  );
}

/** Right, partly right (with the share of full marks) or wrong, with what the learner needs to see the mistake. */
function Verdict({ question, description }: { question: TPracticeQuestion; description?: React.ReactNode }) {
  const { t } = useTranslation('practice');
  const share = question.share ?? (question.correct ? 1 : 0);
  const partly = !question.correct && share > 0;
  return (
    <Alert
      type={question.correct ? 'success' : partly ? 'warning' : 'error'}
      showIcon
      icon={question.correct ? <CheckCircleFilled /> : partly ? <MinusCircleFilled /> : <CloseCircleFilled />}
      data-testid="practice-verdict"
      message={question.correct ? t('right') : partly ? t('partly_right', { share: shareText(share) }) : t('wrong')}
      description={description ?? (partly ? t('partly_right_note') : undefined)}
    />
  );
}

/** An answered question: the options marked (choices) or my answer beside the key, the verdict and the analysis. */
function AnsweredView({ question }: { question: TPracticeQuestion }) {
  const { t } = useTranslation('practice');
  const choice = isChoiceType(question.type);
  const correctOptions = question.options.flatMap((o, i) => (o.correct ? [i] : []));
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {choice ? (
        question.options.map((option, index) => (
          <div
            key={option.key}
            style={{
              padding: '4px 8px',
              borderRadius: 4,
              background: option.correct ? '#f6ffed' : question.chosen?.includes(index) ? '#fff1f0' : undefined,
            }}
          >
            <OptionLabel content={option.content} index={index} />
          </div>
        ))
      ) : (
        <div data-testid="practice-review">
          <ResponseReview question={question} />
        </div>
      )}
      <Verdict
        question={question}
        description={
          choice ? (
            <Space direction="vertical">
              <span>{t('correct_answer', { letters: letters(correctOptions) })}</span>
              <span>{t('your_answer', { letters: letters(question.chosen ?? []) || '-' })}</span>
            </Space>
          ) : undefined
        }
      />
      <Card size="small" title={t('analysis')}>
        {question.analysis ? <PracticeHtml html={question.analysis} /> : t('no_analysis')}
      </Card>
    </Space>
  );
}

/** A choice to answer: radio buttons, or check boxes for multiple choice. */
function ChoiceInput({ question, disabled, onAnswer, answering }: QuestionProps) {
  const { t } = useTranslation('practice');
  const { message } = App.useApp();
  const [chosen, setChosen] = useState<number[]>([]);
  const style = { display: 'flex', flexDirection: 'column', gap: 8 } as const;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {question.type === 'multiple' ? (
        <Checkbox.Group
          value={chosen}
          disabled={disabled}
          onChange={(values) => setChosen(values as number[])}
          style={style}
          data-testid="practice-options"
        >
          {question.options.map((option, index) => (
            <Checkbox key={option.key} value={index} data-testid={`practice-option-${index}`}>
              <OptionLabel content={option.content} index={index} />
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          value={chosen[0]}
          disabled={disabled}
          onChange={(event) => setChosen([event.target.value as number])}
          style={style}
          data-testid="practice-options"
        >
          {question.options.map((option, index) => (
            <Radio key={option.key} value={index} data-testid={`practice-option-${index}`}>
              <OptionLabel content={option.content} index={index} />
            </Radio>
          ))}
        </Radio.Group>
      )}
      <Button
        type="primary"
        disabled={disabled}
        loading={answering}
        onClick={() => (chosen.length ? onAnswer({ chosen }) : void message.warning(t('choose_first')))}
        data-testid="practice-submit"
      >
        {t('submit')}
      </Button>
    </Space>
  );
}

/** The exam's input of a type that is not a choice (the same keys, items shuffled), answered with one button. */
function ResponseInput({ question, disabled, onAnswer, answering }: QuestionProps) {
  const { t } = useTranslation('practice');
  const { message } = App.useApp();
  const [response, setResponse] = useState<TAnswerResponse | null>(null);
  const paperQuestion: TExamPaperQuestion = {
    id: question.id,
    type: question.type,
    stem: question.stem,
    points: 0,
    options: question.options.map(({ key, content }) => ({ key, content })),
    layout: question.layout,
  };
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <ExamResponseInput
        question={paperQuestion}
        response={response}
        disabled={disabled}
        onRespond={(next) => setResponse(next)}
        onCommit={() => {}}
        attemptId={0}
      />
      <Button
        type="primary"
        disabled={disabled}
        loading={answering}
        onClick={() =>
          response && responseGiven(response) ? onAnswer({ response }) : void message.warning(t('answer_first'))
        }
        data-testid="practice-submit"
      >
        {t('submit')}
      </Button>
    </Space>
  );
}

/**
 * One question of a session: its stem and input (choices, or the exam's input of the other types), or once answered
 * the outcome (right, partly right with its share, wrong), the key and the analysis.
 */
export function PracticeQuestionView(props: QuestionProps) {
  const { question } = props;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <PracticeHtml html={question.stem} testId="practice-stem" />
      {question.answered ? (
        <AnsweredView question={question} />
      ) : isChoiceType(question.type) ? (
        <ChoiceInput {...props} />
      ) : (
        <ResponseInput {...props} />
      )}
    </Space>
  );
}
