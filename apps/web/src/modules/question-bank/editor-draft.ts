import type { TDifficulty, TQuestionDetail, TQuestionInput, TQuestionType } from '@app/contracts';
import { QUESTION_LIMITS } from '@app/contracts/question-rules.ts';

export interface DraftOption {
  /** A key of the row for React (options have no id; the rich-text box of a row keeps its own content). */
  key: number;
  content: string;
  correct: boolean;
}

export interface Draft {
  category_id: number | null;
  type: TQuestionType;
  stem: string;
  options: DraftOption[];
  analysis: string;
  difficulty: TDifficulty;
  source: string;
  setter: string;
  label_ids: number[];
  node_ids: number[];
}

let nextKey = 1;
export const optionRow = (content = '', correct = false): DraftOption => ({ key: nextKey++, content, correct });

/** The fixed options of a true/false question, in the interface language. */
export function judgeOptions(trueText: string, falseText: string): DraftOption[] {
  return [optionRow(`<p>${trueText}</p>`), optionRow(`<p>${falseText}</p>`)];
}

export function newDraft(categoryId: number | null): Draft {
  return {
    category_id: categoryId,
    type: 'single',
    stem: '',
    options: [optionRow(), optionRow(), optionRow(), optionRow()],
    analysis: '',
    difficulty: 'medium',
    source: '',
    setter: '',
    label_ids: [],
    node_ids: [],
  };
}

export function draftOf(question: TQuestionDetail): Draft {
  return {
    category_id: question.category_id,
    type: question.type,
    stem: question.stem,
    options: question.options.map((option) => optionRow(option.content, option.correct)),
    analysis: question.analysis,
    difficulty: question.difficulty,
    source: question.source,
    setter: question.setter,
    label_ids: question.labels.map((label) => label.id),
    node_ids: question.nodes.map((node) => node.id),
  };
}

/** What is sent on save (and compared to tell unsaved changes). */
export function inputOf(draft: Draft): Omit<TQuestionInput, 'category_id'> & { category_id: number | null } {
  return {
    category_id: draft.category_id,
    type: draft.type,
    stem: draft.stem,
    options: draft.options.map(({ content, correct }) => ({ content, correct })),
    analysis: draft.analysis,
    difficulty: draft.difficulty,
    source: draft.source.trim(),
    setter: draft.setter.trim(),
    label_ids: draft.label_ids,
    node_ids: draft.node_ids,
  };
}

/** Marks option `index` correct: the only one for single choice and true/false, toggled for multiple choice. */
export function setCorrect(draft: Draft, index: number, checked: boolean): DraftOption[] {
  if (draft.type === 'multiple') return draft.options.map((o, i) => (i === index ? { ...o, correct: checked } : o));
  return draft.options.map((o, i) => ({ ...o, correct: i === index ? checked : false }));
}

export const canAddOption = (draft: Draft) => draft.type !== 'judge' && draft.options.length < QUESTION_LIMITS.options;
