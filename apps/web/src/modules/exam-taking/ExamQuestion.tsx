import type { TExamPaperQuestion } from '@app/contracts';
import { Checkbox, Radio, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ExamHtml, letter } from './exam-shared.tsx';

/** One question of the paper: options in the frozen order, lettered by position; values are the options' keys. */
export function ExamQuestion({
  question,
  index,
  chosen,
  disabled,
  onChoose,
}: {
  question: TExamPaperQuestion;
  index: number;
  chosen: readonly number[];
  disabled: boolean;
  onChoose: (chosen: number[]) => void;
}) {
  const { t } = useTranslation('exam-taking');
  const label = (content: string, position: number) => (
    <div className="exam-row">
      <b>{letter(position)}.</b>
      <ExamHtml html={content} />
    </div>
  );
  const style = { display: 'flex', flexDirection: 'column', gap: 10 } as const;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="exam-question">
      <div className="exam-row" style={{ fontSize: 16 }}>
        <b>{index + 1}.</b>
        <Tag>{t(`type_${question.type}`)}</Tag>
        <ExamHtml html={question.stem} testId="exam-stem" />
        <span style={{ color: '#666', whiteSpace: 'nowrap' }}>{t('points', { count: question.points })}</span>
      </div>
      {question.type === 'multiple' ? (
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

/** The answer a key press gives: the option at `position` chosen (single) or toggled (multiple). */
export function choiceAt(question: TExamPaperQuestion, chosen: readonly number[], position: number): number[] | null {
  const option = question.options[position];
  if (!option) return null;
  if (question.type !== 'multiple') return chosen.length === 1 && chosen[0] === option.key ? null : [option.key];
  return chosen.includes(option.key) ? chosen.filter((k) => k !== option.key) : [...chosen, option.key];
}
