import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { TQuestionProblem } from '@app/contracts';
import { OPTION_LETTERS, QUESTION_LIMITS } from '@app/contracts/question-rules.ts';
import { Button, Checkbox, Input, Radio, Typography } from 'antd';
import type { Dispatch, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { canAddOption, type Draft, optionRow, setCorrect } from './editor-draft.ts';
import { RichBox } from './RichBox.tsx';

/**
 * The options of the editor: letters A-F, the correct mark (a radio for single choice and true/false, a checkbox for
 * multiple choice), each option's rich text (fixed texts for true/false), remove, and add up to six. Problems about
 * one option show under it.
 */
export function OptionsField({
  draft,
  setDraft,
  problems,
  showProblems,
}: {
  draft: Draft;
  setDraft: Dispatch<SetStateAction<Draft>>;
  problems: TQuestionProblem[];
  showProblems: boolean;
}) {
  const { t } = useTranslation(['question-bank', 'errors']);
  const judge = draft.type === 'judge';
  const update = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const optionProblems = (index: number) => problems.filter((p) => p.index === index);
  const problemText = (problem: TQuestionProblem) => t(`errors:${problem.code}`);
  return (
    <div data-testid="qb-editor-options">
      {draft.options.map((option, index) => {
        const own = optionProblems(index);
        const letter = OPTION_LETTERS[index] ?? String(index + 1);
        const mark =
          draft.type === 'multiple' ? (
            <Checkbox
              checked={option.correct}
              onChange={(event) => update({ options: setCorrect(draft, index, event.target.checked) })}
              data-testid={`qb-option-correct-${index}`}
            >
              {t('correct')}
            </Checkbox>
          ) : (
            <Radio
              checked={option.correct}
              onChange={(event) => update({ options: setCorrect(draft, index, event.target.checked) })}
              data-testid={`qb-option-correct-${index}`}
            >
              {t('correct')}
            </Radio>
          );
        return (
          <div className="qb-editor-option" key={option.key}>
            <div className="qb-editor-option-head">
              <Typography.Text strong>{letter}</Typography.Text>
              {mark}
            </div>
            <div className="qb-editor-option-body">
              {judge ? (
                <Input value={option.content.replace(/<[^>]*>/g, '')} disabled />
              ) : (
                <RichBox
                  compact
                  initial={option.content}
                  onChange={(content) =>
                    setDraft((d) => ({
                      ...d,
                      options: d.options.map((o) => (o.key === option.key ? { ...o, content } : o)),
                    }))
                  }
                  testId={`qb-option-${index}`}
                  ariaLabel={t('option_label', { letter })}
                />
              )}
              {showProblems && own.length > 0 && (
                <Typography.Text type="danger" data-testid={`qb-option-problem-${index}`}>
                  {own.map(problemText).join(' ')}
                </Typography.Text>
              )}
            </div>
            {!judge && (
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('option_remove', { letter })}
                onClick={() => setDraft((d) => ({ ...d, options: d.options.filter((o) => o.key !== option.key) }))}
                data-testid={`qb-option-remove-${index}`}
              />
            )}
          </div>
        );
      })}
      {!judge && (
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          disabled={!canAddOption(draft)}
          onClick={() => update({ options: [...draft.options, optionRow()] })}
          data-testid="qb-option-add"
        >
          {t('option_add', { count: draft.options.length, max: QUESTION_LIMITS.options })}
        </Button>
      )}
    </div>
  );
}
