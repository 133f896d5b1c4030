import { ANSWER_LIMITS } from '@app/contracts/question-answers.ts';
import { Col, Form, Input, InputNumber, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { blankRow, type DraftCriterion, stemBlankCount } from './editor-draft.ts';
import { RubricField } from './RubricField.tsx';
import { AcceptedSelect, LabelledSwitch, TextRules } from './SpecInputs.tsx';
import { MatchingFields, OrderingFields } from './SpecItemsField.tsx';
import { RowAddButton, RowRemoveButton } from './SpecRowButtons.tsx';
import { leftOverProblems, type SpecFieldProps, useProblemTexts } from './spec-problems.ts';

function BlankFields({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const { blanks } = draft.spec;
  const marked = stemBlankCount(draft.stem);
  return (
    <>
      <Form.Item
        label={t('spec_blank')}
        required
        {...texts.general('question_blank_required')}
        extra={
          marked > 0 && marked !== blanks.length ? (
            <Typography.Text type="warning" data-testid="qb-blank-mismatch">
              {t('blank_count_mismatch', { stem: marked, blanks: blanks.length })}
            </Typography.Text>
          ) : undefined
        }
      >
        <div data-testid="qb-spec-blanks">
          {blanks.map((blank, index) => (
            <Form.Item key={blank.key} className="qb-spec-item" {...texts.row(index)}>
              <div className="qb-spec-row">
                <Typography.Text strong className="qb-spec-index">
                  {t('blank_n', { n: index + 1 })}
                </Typography.Text>
                <AcceptedSelect
                  value={blank.accepted}
                  onChange={(accepted) =>
                    setSpec((s) => ({ blanks: s.blanks.map((b) => (b.key === blank.key ? { ...b, accepted } : b)) }))
                  }
                  ariaLabel={`${t('blank_n', { n: index + 1 })}: ${t('accepted_answers')}`}
                  testId={`qb-blank-${index}`}
                />
                <RowRemoveButton
                  label={t('blank_remove', { n: index + 1 })}
                  disabled={blanks.length <= 1}
                  onClick={() => setSpec((s) => ({ blanks: s.blanks.filter((b) => b.key !== blank.key) }))}
                  testId={`qb-blank-remove-${index}`}
                />
              </div>
            </Form.Item>
          ))}
          <RowAddButton
            disabled={blanks.length >= ANSWER_LIMITS.blanks}
            onClick={() => setSpec((s) => ({ blanks: [...s.blanks, blankRow()] }))}
            testId="qb-blank-add"
          >
            {t('blank_add', { count: blanks.length, max: ANSWER_LIMITS.blanks })}
          </RowAddButton>
        </div>
      </Form.Item>
      <Form.Item label={t('answer_matching_rules')}>
        <div className="qb-switches">
          <TextRules spec={draft.spec} setSpec={setSpec} />
        </div>
      </Form.Item>
    </>
  );
}

function ShortFields({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const { spec } = draft;
  return (
    <>
      <Form.Item label={t('marking')} extra={spec.by_hand ? t('by_hand_help') : t('auto_help')}>
        <div className="qb-switches">
          <LabelledSwitch
            checked={spec.by_hand}
            onChange={(by_hand) => setSpec(() => ({ by_hand }))}
            testId="qb-short-by-hand"
          >
            {t('by_hand')}
          </LabelledSwitch>
          {!spec.by_hand && <TextRules spec={spec} setSpec={setSpec} />}
        </div>
      </Form.Item>
      <Form.Item
        label={spec.by_hand ? t('reference_answers') : t('accepted_answers')}
        required={!spec.by_hand}
        {...texts.general('question_accepted_required')}
      >
        <AcceptedSelect
          value={spec.accepted}
          onChange={(accepted) => setSpec(() => ({ accepted }))}
          ariaLabel={spec.by_hand ? t('reference_answers') : t('accepted_answers')}
          testId="qb-short-accepted"
        />
      </Form.Item>
      {spec.by_hand && <RubricItem draft={draft} setSpec={setSpec} problems={problems} showProblems={showProblems} />}
    </>
  );
}

function RubricItem({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const failing = texts.general('question_rubric_invalid');
  return (
    <Form.Item label={t('rubric')} extra={t('rubric_help')} {...failing}>
      <RubricField
        rubric={draft.spec.rubric}
        onChange={(change: (rubric: DraftCriterion[]) => DraftCriterion[]) =>
          setSpec((s) => ({ rubric: change(s.rubric) }))
        }
        showProblems={failing.validateStatus !== undefined}
      />
    </Form.Item>
  );
}

function EssayFields(props: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const { draft, setSpec } = props;
  return (
    <>
      <RubricItem {...props} />
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('word_limit')} extra={t('word_limit_help')}>
            <InputNumber<number>
              value={draft.spec.word_limit}
              min={0}
              max={100_000}
              precision={0}
              style={{ width: '100%' }}
              aria-label={t('word_limit')}
              onChange={(word_limit) => setSpec(() => ({ word_limit: word_limit ?? 0 }))}
              data-testid="qb-essay-word-limit"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={16}>
          <Form.Item
            label={t('file_answers')}
            extra={t('file_answers_help', {
              count: ANSWER_LIMITS.files,
              mb: ANSWER_LIMITS.fileBytes / 1024 / 1024,
            })}
          >
            <LabelledSwitch
              checked={draft.spec.file_answers}
              onChange={(file_answers) => setSpec(() => ({ file_answers }))}
              testId="qb-essay-file-answers"
            >
              {t('file_answers_switch')}
            </LabelledSwitch>
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}

/** A number without the float noise of a sum (0.30000000000000004). */
const tidy = (n: number) => Number(n.toPrecision(12));

function NumericalFields({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const { value, tolerance, unit } = draft.spec;
  const unitText = unit.trim() ? ` ${unit.trim()}` : '';
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item label={t('numerical_value')} required {...texts.general('question_numerical_invalid')}>
            <InputNumber<number>
              value={value}
              style={{ width: '100%' }}
              aria-label={t('numerical_value')}
              onChange={(next) => setSpec(() => ({ value: next }))}
              data-testid="qb-numerical-value"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label={t('numerical_tolerance')}>
            <InputNumber<number>
              value={tolerance}
              min={0}
              style={{ width: '100%' }}
              aria-label={t('numerical_tolerance')}
              onChange={(next) => setSpec(() => ({ tolerance: next ?? 0 }))}
              data-testid="qb-numerical-tolerance"
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item label={t('numerical_unit')}>
            <Input
              value={unit}
              maxLength={ANSWER_LIMITS.unit}
              aria-label={t('numerical_unit')}
              onChange={(event) => setSpec(() => ({ unit: event.target.value }))}
              data-testid="qb-numerical-unit"
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Paragraph type="secondary" className="qb-spec-note">
        {t('numerical_help')}
        {value !== null && (
          <>
            {' '}
            <Typography.Text strong data-testid="qb-numerical-range">
              {tolerance > 0
                ? t('numerical_range', {
                    from: `${tidy(value - tolerance)}${unitText}`,
                    to: `${tidy(value + tolerance)}${unitText}`,
                  })
                : t('numerical_exact', { value: `${value}${unitText}` })}
            </Typography.Text>
          </>
        )}
      </Typography.Paragraph>
    </>
  );
}

/**
 * The key of a question that is not a choice, edited in place of the options: blanks with their accepted answers,
 * a short answer's accepted answers (or marking by hand with a rubric), an essay's rubric and limits, matching
 * pairs, ordering items, a numerical value. The rules' problems show at the field or row they are about.
 */
export function SpecField(props: SpecFieldProps) {
  const { t } = useTranslation(['question-bank', 'errors']);
  const left = leftOverProblems(props.problems);
  const fields = (() => {
    switch (props.draft.type) {
      case 'blank':
        return <BlankFields {...props} />;
      case 'short':
        return <ShortFields {...props} />;
      case 'essay':
        return <EssayFields {...props} />;
      case 'matching':
        return <MatchingFields {...props} />;
      case 'ordering':
        return <OrderingFields {...props} />;
      case 'numerical':
        return <NumericalFields {...props} />;
      default:
        return null;
    }
  })();
  return (
    <div className="qb-spec" data-testid={`qb-spec-${props.draft.type}`}>
      {fields}
      {props.showProblems && left.length > 0 && (
        <Typography.Text type="danger">{left.map((p) => t(`errors:${p.code}`)).join(' ')}</Typography.Text>
      )}
    </div>
  );
}
