import { CheckCircleFilled } from '@ant-design/icons';
import type { TQuestionSpec, TQuestionType } from '@app/contracts';
import { isChoiceType, OPTION_LETTERS } from '@app/contracts/question-rules.ts';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HtmlContent } from './HtmlContent.tsx';
import { QuestionKey } from './QuestionKey.tsx';
import { TypeTag } from './question-format.tsx';
import './question-bank.css';

export interface QuestionShown {
  type: TQuestionType;
  stem: string;
  options: readonly { content: string; correct: boolean }[];
  /** The key of the types that are not choices (absent in records written before them). */
  spec?: TQuestionSpec | null;
  analysis: string;
}

/**
 * A question as a learner sees it, with its key: type, stem, options A-F with the correct ones marked (choices) or
 * the key of the other types (`QuestionKey`), and the analysis.
 */
export function QuestionView({ question, testId = 'qb-view' }: { question: QuestionShown; testId?: string }) {
  const { t } = useTranslation('question-bank');
  const answer = question.options
    .map((option, index) => (option.correct ? OPTION_LETTERS[index] : null))
    .filter(Boolean)
    .join('');
  return (
    <div className="qb-view" data-testid={testId}>
      <Space align="start" className="qb-view-stem">
        <TypeTag type={question.type} />
        <HtmlContent html={question.stem} testId={`${testId}-stem`} />
      </Space>
      {isChoiceType(question.type) ? (
        <>
          <ol className="qb-view-options">
            {question.options.map((option, index) => (
              <li
                // Options have no id of their own; their position is their letter.
                // biome-ignore lint/suspicious/noArrayIndexKey: an option is identified by its position (A-F)
                key={index}
                className={option.correct ? 'qb-option qb-option-correct' : 'qb-option'}
                data-testid={`${testId}-option-${index}`}
              >
                <span className="qb-option-letter">{OPTION_LETTERS[index] ?? index + 1}</span>
                <HtmlContent html={option.content} className="qb-option-content" />
                {option.correct && (
                  <span className="qb-option-mark">
                    <CheckCircleFilled /> {t('correct_answer')}
                  </span>
                )}
              </li>
            ))}
          </ol>
          <Typography.Paragraph>
            <Typography.Text strong>{t('answer')}: </Typography.Text>
            <span data-testid={`${testId}-answer`}>{answer || '—'}</span>
          </Typography.Paragraph>
        </>
      ) : (
        <div className="qb-view-key">
          <Typography.Text strong>{t('answer')}</Typography.Text>
          <QuestionKey type={question.type} spec={question.spec} testId={`${testId}-answer`} />
        </div>
      )}
      <div className="qb-view-analysis">
        <Typography.Text strong>{t('analysis')}</Typography.Text>
        {question.analysis ? (
          <HtmlContent html={question.analysis} />
        ) : (
          <Typography.Paragraph type="secondary">{t('no_analysis')}</Typography.Paragraph>
        )}
      </div>
    </div>
  );
}
