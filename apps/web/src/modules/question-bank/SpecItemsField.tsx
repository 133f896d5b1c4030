import { ArrowDownOutlined, ArrowRightOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { ANSWER_LIMITS } from '@app/contracts/question-answers.ts';
import { Button, Form, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { type DraftItem, itemRow, moveRow, pairRow } from './editor-draft.ts';
import { RichBox } from './RichBox.tsx';
import { RowAddButton, RowRemoveButton } from './SpecRowButtons.tsx';
import { type SpecFieldProps, useProblemTexts } from './spec-problems.ts';

/** The least pairs of a matching question and items of an ordering question (the rules' minimum). */
const MIN_ROWS = 2;

/** A row's problem under it, as an option's (`OptionsField`). */
function RowProblem({ text, testId }: { text: string | undefined; testId: string }) {
  if (!text) return null;
  return (
    <Typography.Text type="danger" className="qb-spec-row-problem" data-testid={testId}>
      {text}
    </Typography.Text>
  );
}

/** Matching: pairs (left, right; rich text), then distractors, right-hand items that match nothing. */
export function MatchingFields({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const { pairs, distractors } = draft.spec;
  const setDistractor = (key: number, content: string) =>
    setSpec((s) => ({ distractors: s.distractors.map((d) => (d.key === key ? { ...d, content } : d)) }));
  return (
    <>
      <Form.Item
        label={t('spec_matching')}
        required
        extra={t('matching_hint')}
        {...texts.general('question_pairs_required')}
      >
        <div data-testid="qb-spec-pairs">
          {pairs.map((pair, index) => (
            <div className="qb-spec-block" key={pair.key}>
              <div className="qb-spec-row">
                <Typography.Text strong className="qb-spec-number">
                  {index + 1}
                </Typography.Text>
                <div className="qb-pair-sides">
                  <RichBox
                    compact
                    initial={pair.left}
                    onChange={(left) =>
                      setSpec((s) => ({ pairs: s.pairs.map((p) => (p.key === pair.key ? { ...p, left } : p)) }))
                    }
                    testId={`qb-pair-left-${index}`}
                    ariaLabel={t('pair_left', { n: index + 1 })}
                  />
                  <ArrowRightOutlined className="qb-pair-arrow" aria-hidden />
                  <RichBox
                    compact
                    initial={pair.right}
                    onChange={(right) =>
                      setSpec((s) => ({ pairs: s.pairs.map((p) => (p.key === pair.key ? { ...p, right } : p)) }))
                    }
                    testId={`qb-pair-right-${index}`}
                    ariaLabel={t('pair_right', { n: index + 1 })}
                  />
                </div>
                <RowRemoveButton
                  label={t('pair_remove', { n: index + 1 })}
                  disabled={pairs.length <= MIN_ROWS}
                  onClick={() => setSpec((s) => ({ pairs: s.pairs.filter((p) => p.key !== pair.key) }))}
                  testId={`qb-pair-remove-${index}`}
                />
              </div>
              <RowProblem text={texts.row(index).help} testId={`qb-pair-problem-${index}`} />
            </div>
          ))}
          <RowAddButton
            disabled={pairs.length >= ANSWER_LIMITS.pairs}
            onClick={() => setSpec((s) => ({ pairs: [...s.pairs, pairRow()] }))}
            testId="qb-pair-add"
          >
            {t('pair_add', { count: pairs.length, max: ANSWER_LIMITS.pairs })}
          </RowAddButton>
        </div>
      </Form.Item>
      <Form.Item label={t('distractors')} extra={t('distractors_help', { max: ANSWER_LIMITS.distractors })}>
        <div data-testid="qb-spec-distractors">
          {distractors.map((distractor, index) => (
            <div className="qb-spec-row qb-spec-block" key={distractor.key}>
              <Typography.Text strong className="qb-spec-number">
                {index + 1}
              </Typography.Text>
              <div className="qb-spec-grow">
                <RichBox
                  compact
                  initial={distractor.content}
                  onChange={(content) => setDistractor(distractor.key, content)}
                  testId={`qb-distractor-${index}`}
                  ariaLabel={t('distractor_label', { n: index + 1 })}
                />
              </div>
              <RowRemoveButton
                label={t('distractor_remove', { n: index + 1 })}
                onClick={() => setSpec((s) => ({ distractors: s.distractors.filter((d) => d.key !== distractor.key) }))}
                testId={`qb-distractor-remove-${index}`}
              />
            </div>
          ))}
          <RowAddButton
            disabled={distractors.length >= ANSWER_LIMITS.distractors}
            onClick={() => setSpec((s) => ({ distractors: [...s.distractors, itemRow()] }))}
            testId="qb-distractor-add"
          >
            {t('distractor_add', { count: distractors.length, max: ANSWER_LIMITS.distractors })}
          </RowAddButton>
        </div>
      </Form.Item>
    </>
  );
}

/** Ordering: the items in the right order (rich text), moved up and down, added and removed; learners see them shuffled. */
export function OrderingFields({ draft, setSpec, problems, showProblems }: SpecFieldProps) {
  const { t } = useTranslation('question-bank');
  const texts = useProblemTexts(problems, showProblems);
  const { items } = draft.spec;
  const move = (item: DraftItem, by: number) =>
    setSpec((s) => {
      const index = s.items.findIndex((i) => i.key === item.key);
      return { items: moveRow(s.items, index, by) };
    });
  return (
    <Form.Item
      label={t('spec_ordering')}
      required
      extra={t('ordering_hint')}
      {...texts.general('question_items_required')}
    >
      <div data-testid="qb-spec-items">
        {items.map((item, index) => (
          <div className="qb-spec-block" key={item.key}>
            <div className="qb-spec-row">
              <Typography.Text strong className="qb-spec-number">
                {index + 1}
              </Typography.Text>
              <div className="qb-spec-grow">
                <RichBox
                  compact
                  initial={item.content}
                  onChange={(content) =>
                    setSpec((s) => ({ items: s.items.map((i) => (i.key === item.key ? { ...i, content } : i)) }))
                  }
                  testId={`qb-item-${index}`}
                  ariaLabel={t('item_label', { n: index + 1 })}
                />
              </div>
              <Button
                type="text"
                icon={<ArrowUpOutlined />}
                disabled={index === 0}
                aria-label={t('item_up', { n: index + 1 })}
                onClick={() => move(item, -1)}
                data-testid={`qb-item-up-${index}`}
              />
              <Button
                type="text"
                icon={<ArrowDownOutlined />}
                disabled={index === items.length - 1}
                aria-label={t('item_down', { n: index + 1 })}
                onClick={() => move(item, 1)}
                data-testid={`qb-item-down-${index}`}
              />
              <RowRemoveButton
                label={t('item_remove', { n: index + 1 })}
                disabled={items.length <= MIN_ROWS}
                onClick={() => setSpec((s) => ({ items: s.items.filter((i) => i.key !== item.key) }))}
                testId={`qb-item-remove-${index}`}
              />
            </div>
            <RowProblem text={texts.row(index).help} testId={`qb-item-problem-${index}`} />
          </div>
        ))}
        <RowAddButton
          disabled={items.length >= ANSWER_LIMITS.items}
          onClick={() => setSpec((s) => ({ items: [...s.items, itemRow()] }))}
          testId="qb-item-add"
        >
          {t('item_add', { count: items.length, max: ANSWER_LIMITS.items })}
        </RowAddButton>
      </div>
    </Form.Item>
  );
}
