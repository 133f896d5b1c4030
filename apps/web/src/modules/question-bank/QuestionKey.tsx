import { ArrowRightOutlined } from '@ant-design/icons';
import type { TQuestionSpec, TQuestionType } from '@app/contracts';
import { specOf } from '@app/contracts/question-answers.ts';
import { Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HtmlContent } from './HtmlContent.tsx';

/** One line of the key: a label and what it holds. */
function KeyLine({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="qb-key-line" data-testid={testId}>
      <Typography.Text strong className="qb-key-label">
        {label}
      </Typography.Text>
      <div className="qb-key-value">{children}</div>
    </div>
  );
}

/** Accepted answers as tags, or a dash. */
function Accepted({ accepted, testId }: { accepted: readonly string[]; testId?: string }) {
  if (accepted.length === 0) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <span className="qb-key-tags" data-testid={testId}>
      {accepted.map((answer) => (
        <Tag key={answer} className="qb-key-tag">
          {answer}
        </Tag>
      ))}
    </span>
  );
}

/** How typed answers are compared. */
function TextRules({ spec }: { spec: TQuestionSpec }) {
  const { t } = useTranslation('question-bank');
  return (
    <Typography.Text type="secondary" className="qb-key-rules">
      {spec.case_sensitive ? t('view_case_sensitive') : t('view_case_insensitive')} ·{' '}
      {spec.ignore_spaces === false ? t('view_spaces_kept') : t('view_spaces_ignored')}
    </Typography.Text>
  );
}

function Rubric({ rubric, testId }: { rubric: NonNullable<TQuestionSpec['rubric']>; testId: string }) {
  const { t } = useTranslation('question-bank');
  if (rubric.length === 0) return <Typography.Text type="secondary">{t('rubric_empty')}</Typography.Text>;
  const total = rubric.reduce((sum, c) => sum + c.points, 0);
  return (
    <div data-testid={testId}>
      <ol className="qb-key-rubric">
        {rubric.map((c, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rubric lines have no id; their place is their identity
          <li key={index}>
            <span className="qb-key-criterion">{c.criterion}</span>
            <span className="qb-key-points">{t('points', { count: c.points })}</span>
          </li>
        ))}
      </ol>
      <Typography.Text strong>{t('rubric_total', { count: total })}</Typography.Text>
    </div>
  );
}

/**
 * The key of a question that is not a choice, for the question's display: blanks and their accepted answers, a short
 * answer's accepted answers or its marking by hand with the rubric, an essay's rubric, word limit and files, matching
 * pairs and distractors, ordering items in order, a numerical value ± tolerance.
 */
export function QuestionKey({
  type,
  spec: stored,
  testId,
}: {
  type: TQuestionType;
  spec: TQuestionSpec | null | undefined;
  testId: string;
}) {
  const { t } = useTranslation('question-bank');
  const spec = specOf(type, stored);
  if (!spec) return null;
  switch (type) {
    case 'blank':
      return (
        <div className="qb-key" data-testid={testId}>
          {(spec.blanks ?? []).map((blank, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: blanks are numbered by their place in the stem
            <KeyLine key={index} label={t('blank_n', { n: index + 1 })} testId={`${testId}-blank-${index}`}>
              <Accepted accepted={blank.accepted} />
            </KeyLine>
          ))}
          <TextRules spec={spec} />
        </div>
      );
    case 'short':
      return (
        <div className="qb-key" data-testid={testId}>
          <KeyLine label={t('marking')}>
            {spec.by_hand ? (
              <Tag color="purple" data-testid={`${testId}-by-hand`}>
                {t('by_hand')}
              </Tag>
            ) : (
              <Tag color="blue">{t('view_auto')}</Tag>
            )}
          </KeyLine>
          <KeyLine label={spec.by_hand ? t('view_reference_answers') : t('accepted_answers')}>
            <Accepted accepted={spec.accepted ?? []} testId={`${testId}-accepted`} />
          </KeyLine>
          {spec.by_hand ? (
            <KeyLine label={t('rubric')}>
              <Rubric rubric={spec.rubric ?? []} testId={`${testId}-rubric`} />
            </KeyLine>
          ) : (
            <TextRules spec={spec} />
          )}
        </div>
      );
    case 'essay':
      return (
        <div className="qb-key" data-testid={testId}>
          <KeyLine label={t('rubric')}>
            <Rubric rubric={spec.rubric ?? []} testId={`${testId}-rubric`} />
          </KeyLine>
          <KeyLine label={t('word_limit')} testId={`${testId}-word-limit`}>
            {spec.word_limit ? t('view_word_limit', { count: spec.word_limit }) : t('view_no_word_limit')}
          </KeyLine>
          <KeyLine label={t('file_answers')} testId={`${testId}-files`}>
            {spec.file_answers ? t('view_files_allowed') : t('view_files_not_allowed')}
          </KeyLine>
        </div>
      );
    case 'matching':
      return (
        <div className="qb-key" data-testid={testId}>
          <ol className="qb-key-pairs">
            {(spec.pairs ?? []).map((pair, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: pairs have no id; their place is their identity
              <li key={index} className="qb-key-pair" data-testid={`${testId}-pair-${index}`}>
                <span className="qb-option-letter">{index + 1}</span>
                <HtmlContent html={pair.left} className="qb-key-side" />
                <ArrowRightOutlined className="qb-pair-arrow" aria-label={t('view_matches')} />
                <HtmlContent html={pair.right} className="qb-key-side" />
              </li>
            ))}
          </ol>
          {(spec.distractors ?? []).length > 0 && (
            <KeyLine label={t('distractors')} testId={`${testId}-distractors`}>
              <ul className="qb-key-distractors">
                {(spec.distractors ?? []).map((html, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: distractors have no id
                  <li key={index}>
                    <HtmlContent html={html} />
                  </li>
                ))}
              </ul>
            </KeyLine>
          )}
        </div>
      );
    case 'ordering':
      return (
        <div className="qb-key" data-testid={testId}>
          <ol className="qb-key-items">
            {(spec.items ?? []).map((html, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the place of an item is the answer
              <li key={index} className="qb-key-item" data-testid={`${testId}-item-${index}`}>
                <span className="qb-option-letter">{index + 1}</span>
                <HtmlContent html={html} className="qb-key-side" />
              </li>
            ))}
          </ol>
          <Typography.Text type="secondary">{t('view_ordering_note')}</Typography.Text>
        </div>
      );
    case 'numerical': {
      const value = spec.value ?? Number.NaN;
      const unit = spec.unit ? ` ${spec.unit}` : '';
      return (
        <div className="qb-key" data-testid={testId}>
          <KeyLine label={t('numerical_value')}>
            <span data-testid={`${testId}-value`}>
              {Number.isFinite(value) ? `${value}${spec.tolerance ? ` ± ${spec.tolerance}` : ''}${unit}` : '—'}
            </span>
          </KeyLine>
        </div>
      );
    }
    default:
      return null;
  }
}
