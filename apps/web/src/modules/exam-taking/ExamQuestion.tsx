import type { TAnswerResponse, TExamPaperQuestion } from '@app/contracts';
import { isChoiceType } from '@app/contracts/question-rules.ts';
import { Checkbox, Radio, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExamResponseInput } from './ExamResponseInput.tsx';
import { ExamHtml, letter, typeName } from './exam-shared.tsx';

/**
 * One question of the paper. Choices: options in the frozen order, lettered by position; values are the options'
 * keys. The other types: their input (ExamResponseInput), whose answer is a response. Keyed by the question.
 */
export function ExamQuestion({
  question,
  index,
  chosen,
  response,
  disabled,
  onChoose,
  onRespond,
  onCommit,
  attemptId,
}: {
  attemptId: number;
  question: TExamPaperQuestion;
  index: number;
  chosen: readonly number[];
  response: TAnswerResponse | null;
  disabled: boolean;
  onChoose: (chosen: number[]) => void;
  /** The answer of a type that is not a choice; `typing` for text, sent once the typing pauses. */
  onRespond: (response: TAnswerResponse, typing: boolean) => void;
  /** A text input lost focus: what waits is sent now. */
  onCommit: () => void;
}) {
  const { t } = useTranslation(['exam-taking', 'question-bank']);
  const label = (content: string, position: number) => (
    <div className="exam-row">
      <b>{letter(position)}.</b>
      <ExamHtml html={content} />
    </div>
  );
  const style = { display: 'flex', flexDirection: 'column', gap: 10 } as const;
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-question">
      <div className="exam-row exam-question-head" style={{ fontSize: 16 }}>
        <b>{index + 1}.</b>
        <Tag>{typeName(t, question.type)}</Tag>
        <ExamHtml html={question.stem} testId="exam-stem" />
        <span className="exam-question-points">{t('points', { count: question.points })}</span>
      </div>
      {!isChoiceType(question.type) ? (
        <ExamResponseInput
          question={question}
          response={response}
          disabled={disabled}
          onRespond={onRespond}
          onCommit={onCommit}
          attemptId={attemptId}
        />
      ) : question.type === 'multiple' ? (
        <Checkbox.Group
          value={[...chosen]}
          disabled={disabled}
          onChange={(values) => onChoose(values as number[])}
          style={style}
          data-testid="exam-options"
        >
          {question.options.map((option, position) => (
            <Checkbox key={option.key} value={option.key} data-testid={`exam-option-${position}`}>
              {label(option.content, position)}
            </Checkbox>
          ))}
        </Checkbox.Group>
      ) : (
        <Radio.Group
          value={chosen[0] ?? null}
          disabled={disabled}
          onChange={(event) => onChoose([event.target.value as number])}
          style={style}
          data-testid="exam-options"
        >
          {question.options.map((option, position) => (
            <Radio key={option.key} value={option.key} data-testid={`exam-option-${position}`}>
              {label(option.content, position)}
            </Radio>
          ))}
        </Radio.Group>
      )}
    </Space>
  );
}

/**
 * The answer a key press gives: the option at `position` chosen (single) or toggled (multiple); null for the types
 * that are not choices (matching and ordering have options too, but they are not chosen by a key).
 */
export function choiceAt(question: TExamPaperQuestion, chosen: readonly number[], position: number): number[] | null {
  const option = question.options[position];
  if (!option || !isChoiceType(question.type)) return null;
  if (question.type !== 'multiple') return chosen.length === 1 && chosen[0] === option.key ? null : [option.key];
  return chosen.includes(option.key) ? chosen.filter((k) => k !== option.key) : [...chosen, option.key];
}
