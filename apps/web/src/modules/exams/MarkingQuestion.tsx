import type { TMarkingAnswers } from '@app/contracts';
import { Descriptions, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { HtmlContent, QuestionKey, TypeTag } from '../question-bank/index.ts';

/** A hand-marked question whole, as the answers listing by question gives it. */
export type MarkingQuestionWhole = NonNullable<TMarkingAnswers['question']>;

/**
 * The question being marked: its stem (HTML, sanitised by the server), type, and key as the question bank shows it
 * (QuestionKey: reference answers, the rubric with each criterion's points), the analysis when there is one.
 */
export function MarkingQuestion({ question, compact }: { question: MarkingQuestionWhole; compact?: boolean }) {
  const { t } = useTranslation('exam-marking');
  return (
    <div data-testid="marking-question">
      <Space align="start" style={{ marginBottom: 8 }}>
        <TypeTag type={question.type} />
        <HtmlContent html={question.stem} testId="marking-stem" />
      </Space>
      <div style={{ marginBottom: compact ? 8 : 16 }}>
        <QuestionKey type={question.type} spec={question.spec} testId="marking-key" />
        {question.analysis.trim() !== '' && !compact && (
          <Descriptions bordered size="small" column={1} style={{ marginTop: 8 }}>
            <Descriptions.Item label={t('analysis')}>
              <HtmlContent html={question.analysis} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </div>
    </div>
  );
}
