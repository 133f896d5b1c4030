import type { TQuestionProblem, TQuestionProblemCode } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import type { Draft, DraftSpec } from './editor-draft.ts';

export interface SpecFieldProps {
  draft: Draft;
  /** Changes the key; given the key as it is now, answers the fields to replace. */
  setSpec: (change: (spec: DraftSpec) => Partial<DraftSpec>) => void;
  problems: TQuestionProblem[];
  showProblems: boolean;
}

/** The problems the key's fields show themselves; `leftOverProblems` are the others. */
const SPEC_CODES: readonly TQuestionProblemCode[] = [
  'question_blank_required',
  'question_accepted_required',
  'question_pairs_required',
  'question_items_required',
  'question_numerical_invalid',
  'question_rubric_invalid',
];

/** Problems not about the stem and not shown by a field of the key (nor by an option's row). */
export const leftOverProblems = (problems: readonly TQuestionProblem[]) =>
  problems.filter((p) => p.index === undefined && p.code !== 'question_stem_required' && !SPEC_CODES.includes(p.code));

/** Reads problems for the fields: the general ones of a code, and those about row `index`. */
export function useProblemTexts(problems: readonly TQuestionProblem[], showProblems: boolean) {
  const { t } = useTranslation('errors');
  const shown = (list: TQuestionProblem[]) =>
    showProblems && list.length > 0
      ? { validateStatus: 'error' as const, help: list.map((p) => t(`errors:${p.code}`)).join(' ') }
      : { validateStatus: undefined, help: undefined };
  return {
    /** Form.Item status and help for the general problems of `code`. */
    general: (code: TQuestionProblemCode) => shown(problems.filter((p) => p.code === code && p.index === undefined)),
    /** Form.Item status and help for the problems about row `index`. */
    row: (index: number) => shown(problems.filter((p) => p.index === index)),
  };
}
