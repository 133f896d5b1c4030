import type { TMarkingAnswers } from '@app/contracts';
import { specOf } from '@app/contracts/question-answers.ts';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { HtmlContent, TypeTag } from '../question-bank/index.ts';
import { rubricOf } from './marking-format.ts';

/** A hand-marked question whole, as the answers listing by question gives it. */
export type MarkingQuestionWhole = NonNullable<TMarkingAnswers['question']>;

/**
 * The question being marked: its stem (HTML, sanitised by the server), type, and key: the accepted (reference)
 * answers of a short answer, the rubric with each criterion's points, the analysis when there is one.
 */
export function MarkingQuestion({ question, compact }: { question: MarkingQuestionWhole; compact?: boolean }) {
  const { t } = useTranslation('exam-marking');
  const spec = specOf(question.type, question.spec);
  const rubric = rubricOf(question.type, question.spec);
  const accepted = spec?.accepted ?? [];
  return (
    <div data-testid="marking-question">
      <Space align="start" style={{ marginBottom: 8 }}>
        <TypeTag type={question.type} />
        <HtmlContent html={question.stem} testId="marking-stem" />
      </Space>
      <Descriptions bordered size="small" column={1} style={{ marginBottom: compact ? 8 : 16 }}>
        {question.type === 'short' && (
          <Descriptions.Item label={t('accepted')}>
            {accepted.length === 0 ? (
              <Typography.Text type="secondary">{t('accepted_none')}</Typography.Text>
            ) : (
              <span data-testid="marking-accepted">
                {accepted.map((answer) => (
                  <Tag key={answer}>{answer}</Tag>
                ))}
              </span>
            )}
          </Descriptions.Item>
        )}
        <Descriptions.Item label={t('rubric')}>
          {rubric.length === 0 ? (
            <Typography.Text type="secondary">{t('rubric_none')}</Typography.Text>
          ) : (
            <ol style={{ margin: 0, paddingInlineStart: 20 }} data-testid="marking-rubric">
              {rubric.map((c, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rubric lines have no id; their place is their identity
                <li key={index}>
                  {c.criterion} <Typography.Text type="secondary">({t('points', { count: c.points })})</Typography.Text>
                </li>
              ))}
            </ol>
          )}
        </Descriptions.Item>
        {question.analysis.trim() !== '' && !compact && (
          <Descriptions.Item label={t('analysis')}>
            <HtmlContent html={question.analysis} />
          </Descriptions.Item>
        )}
      </Descriptions>
    </div>
  );
}
