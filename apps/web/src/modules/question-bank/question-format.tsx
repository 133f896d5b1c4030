import type { TDifficulty, TQuestionType, TReviewStatus } from '@app/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import './question-bank.css';

const STATUS_COLOR: Record<TReviewStatus, string> = { unreviewed: 'gold', passed: 'green', failed: 'red' };
const DIFFICULTY_COLOR: Record<TDifficulty, string> = { easy: 'cyan', medium: 'blue', hard: 'volcano' };

/** The review status as a coloured tag; a failure shows its reason on hover. */
export function ReviewTag({ status, reason }: { status: TReviewStatus; reason?: string }) {
  const { t } = useTranslation('question-bank');
  const tag = (
    <Tag color={STATUS_COLOR[status]} data-testid="qb-review-tag">
      {t(`status_${status}`)}
    </Tag>
  );
  return status === 'failed' && reason ? <Tooltip title={reason}>{tag}</Tooltip> : tag;
}

/** The question type as a tag; a long name wraps in a narrow column rather than being cut off. */
export function TypeTag({ type }: { type: TQuestionType }) {
  const { t } = useTranslation('question-bank');
  return <Tag className="qb-tag-wrap">{t(`type_${type}`)}</Tag>;
}

export function DifficultyTag({ difficulty }: { difficulty: TDifficulty }) {
  const { t } = useTranslation('question-bank');
  return <Tag color={DIFFICULTY_COLOR[difficulty]}>{t(`difficulty_${difficulty}`)}</Tag>;
}

/** Share of correct answers as a percentage, or a dash before anyone answered. */
export function correctRate(answers: number, correct: number): string {
  return answers > 0 ? `${Math.round((correct / answers) * 1000) / 10}%` : '—';
}
