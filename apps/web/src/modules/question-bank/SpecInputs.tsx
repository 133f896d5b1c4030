import { ANSWER_LIMITS } from '@app/contracts/question-answers.ts';
import { App, Select, Switch } from 'antd';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { type DraftSpec, limitAccepted } from './editor-draft.ts';
import type { SpecFieldProps } from './spec-problems.ts';

// The small inputs the key editors share: accepted answers as tags, a labelled switch, the text-comparison rules.

/**
 * Accepted answers as tags: Enter (or leaving the box) adds the typed answer; pasted lines become one answer each.
 * Repeats and empty answers are dropped; answers too long (ANSWER_LIMITS) are refused with a message.
 */
export function AcceptedSelect({
  value,
  onChange,
  ariaLabel,
  testId,
}: {
  value: string[];
  onChange: (accepted: string[]) => void;
  ariaLabel: string;
  testId: string;
}) {
  const { t } = useTranslation('question-bank');
  const { message } = App.useApp();
  return (
    <Select<string[]>
      mode="tags"
      open={false}
      value={value}
      maxCount={ANSWER_LIMITS.accepted}
      tokenSeparators={['\n']}
      suffixIcon={null}
      placeholder={t('accepted_placeholder')}
      aria-label={ariaLabel}
      className="qb-spec-grow"
      onChange={(values) => {
        const { accepted, tooLong } = limitAccepted(values);
        if (tooLong) {
          void message.warning(
            t('accepted_limit', { length: ANSWER_LIMITS.acceptedLength, max: ANSWER_LIMITS.accepted }),
          );
        }
        onChange(accepted);
      }}
      data-testid={testId}
    />
  );
}

/** A switch with its text beside it. */
export function LabelledSwitch({
  checked,
  onChange,
  children,
  testId,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  testId: string;
}) {
  const id = useId();
  return (
    <span className="qb-switch">
      <Switch id={id} size="small" checked={checked} onChange={onChange} data-testid={testId} />
      <label htmlFor={id}>{children}</label>
    </span>
  );
}

/** How typed answers are compared: case, spaces (blanks and automatically marked short answers). */
export function TextRules({ spec, setSpec }: Pick<SpecFieldProps, 'setSpec'> & { spec: DraftSpec }) {
  const { t } = useTranslation('question-bank');
  return (
    <>
      <LabelledSwitch
        checked={spec.case_sensitive}
        onChange={(case_sensitive) => setSpec(() => ({ case_sensitive }))}
        testId="qb-spec-case-sensitive"
      >
        {t('case_sensitive')}
      </LabelledSwitch>
      <LabelledSwitch
        checked={spec.ignore_spaces}
        onChange={(ignore_spaces) => setSpec(() => ({ ignore_spaces }))}
        testId="qb-spec-ignore-spaces"
      >
        {t('ignore_spaces')}
      </LabelledSwitch>
    </>
  );
}
