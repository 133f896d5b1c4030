import { ANSWER_LIMITS } from '@app/contracts/question-answers.ts';
import { Input, InputNumber, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { criterionRow, type DraftCriterion, rubricTotal } from './editor-draft.ts';
import { RowAddButton, RowRemoveButton } from './SpecRowButtons.tsx';

/** A rubric line the rules refuse: a name without points or points without a name (wholly empty lines are ignored). */
const broken = (c: DraftCriterion) => (c.criterion.trim() === '') !== (c.points ?? 0) <= 0;

/**
 * The rubric of an essay or a short answer marked by hand: lines of a criterion and its points, add and remove
 * (at most ANSWER_LIMITS.criteria), the total below. `showProblems` marks the lines the rules refuse.
 */
export function RubricField({
  rubric,
  onChange,
  showProblems,
}: {
  rubric: DraftCriterion[];
  /** Given the change to make, so that rows typed in quick succession are not lost. */
  onChange: (change: (rubric: DraftCriterion[]) => DraftCriterion[]) => void;
  showProblems: boolean;
}) {
  const { t } = useTranslation('question-bank');
  const patch = (key: number, values: Partial<DraftCriterion>) =>
    onChange((rows) => rows.map((row) => (row.key === key ? { ...row, ...values } : row)));
  return (
    <div className="qb-rubric" data-testid="qb-rubric">
      {rubric.length === 0 && (
        <Typography.Paragraph type="secondary" className="qb-spec-note">
          {t('rubric_empty')}
        </Typography.Paragraph>
      )}
      {rubric.map((row, index) => {
        const status = showProblems && broken(row) ? 'error' : undefined;
        return (
          <div className="qb-spec-row" key={row.key}>
            <Input
              className="qb-rubric-criterion"
              value={row.criterion}
              maxLength={ANSWER_LIMITS.criterion}
              placeholder={t('rubric_criterion')}
              aria-label={`${t('rubric_criterion')} ${index + 1}`}
              status={status}
              onChange={(event) => patch(row.key, { criterion: event.target.value })}
              data-testid={`qb-rubric-criterion-${index}`}
            />
            <InputNumber<number>
              className="qb-rubric-points"
              value={row.points}
              min={0}
              max={1000}
              placeholder={t('rubric_points')}
              aria-label={`${t('rubric_points')} ${index + 1}`}
              status={status}
              onChange={(points) => patch(row.key, { points })}
              data-testid={`qb-rubric-points-${index}`}
            />
            <RowRemoveButton
              label={t('rubric_remove', { n: index + 1 })}
              onClick={() => onChange((rows) => rows.filter((r) => r.key !== row.key))}
              testId={`qb-rubric-remove-${index}`}
            />
          </div>
        );
      })}
      <div className="qb-spec-row qb-spec-row-end">
        <RowAddButton
          disabled={rubric.length >= ANSWER_LIMITS.criteria}
          onClick={() => onChange((rows) => [...rows, criterionRow()])}
          testId="qb-rubric-add"
        >
          {t('rubric_add', { count: rubric.length, max: ANSWER_LIMITS.criteria })}
        </RowAddButton>
        {rubric.length > 0 && (
          <Typography.Text strong data-testid="qb-rubric-total">
            {t('rubric_total', { count: rubricTotal(rubric) })}
          </Typography.Text>
        )}
      </div>
    </div>
  );
}
