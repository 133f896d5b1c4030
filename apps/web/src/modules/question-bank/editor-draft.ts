import type {
  TChoiceType,
  TDifficulty,
  TQuestionDetail,
  TQuestionInput,
  TQuestionProblem,
  TQuestionSpec,
  TQuestionType,
} from '@app/contracts';
import { ANSWER_LIMITS, specOf } from '@app/contracts/question-answers.ts';
import {
  htmlHasContent,
  htmlText,
  isChoiceType,
  QUESTION_LIMITS,
  questionProblems,
} from '@app/contracts/question-rules.ts';

export interface DraftOption {
  /** A key of the row for React (options have no id; the rich-text box of a row keeps its own content). */
  key: number;
  content: string;
  correct: boolean;
}

/** A blank of a fill-in-the-blanks question: its accepted answers. */
export interface DraftBlank {
  key: number;
  accepted: string[];
}

/** A rubric line: what is marked and its points (null while the box is empty). */
export interface DraftCriterion {
  key: number;
  criterion: string;
  points: number | null;
}

export interface DraftPair {
  key: number;
  left: string;
  right: string;
}

/** A rich-text item (ordering item, matching distractor). */
export interface DraftItem {
  key: number;
  content: string;
}

/**
 * The key of every type that is not a choice, all kept while the author switches type (what was typed for one
 * type is still there when they come back; fields two types share, such as the rubric, carry over). Only the
 * current type's fields are sent (`specInputOf`).
 */
export interface DraftSpec {
  blanks: DraftBlank[];
  accepted: string[];
  by_hand: boolean;
  case_sensitive: boolean;
  ignore_spaces: boolean;
  rubric: DraftCriterion[];
  word_limit: number;
  file_answers: boolean;
  pairs: DraftPair[];
  distractors: DraftItem[];
  items: DraftItem[];
  value: number | null;
  tolerance: number;
  unit: string;
}

export interface Draft {
  category_id: number | null;
  type: TQuestionType;
  stem: string;
  /** The options of the last choice type chosen; sent only while the type is a choice. */
  options: DraftOption[];
  /** The choice type `options` belong to ('judge': the two fixed options). */
  optionsType: TChoiceType;
  /** Single / multiple choice options put aside while the options are true/false's, given back after. */
  optionsStash: DraftOption[] | null;
  spec: DraftSpec;
  analysis: string;
  difficulty: TDifficulty;
  source: string;
  setter: string;
  label_ids: number[];
  node_ids: number[];
}

/** What is sent on save (and compared to tell unsaved changes). */
export type DraftInput = Omit<TQuestionInput, 'category_id' | 'options' | 'spec'> & {
  category_id: number | null;
  options: { content: string; correct: boolean }[];
  spec: TQuestionSpec | null;
};

let nextKey = 1;
export const optionRow = (content = '', correct = false): DraftOption => ({ key: nextKey++, content, correct });
export const blankRow = (accepted: string[] = []): DraftBlank => ({ key: nextKey++, accepted });
export const criterionRow = (criterion = '', points: number | null = null): DraftCriterion => ({
  key: nextKey++,
  criterion,
  points,
});
export const pairRow = (left = '', right = ''): DraftPair => ({ key: nextKey++, left, right });
export const itemRow = (content = ''): DraftItem => ({ key: nextKey++, content });

const emptyOptions = () => [optionRow(), optionRow(), optionRow(), optionRow()];

/** The fixed options of a true/false question, in the interface language. */
export function judgeOptions(trueText: string, falseText: string): DraftOption[] {
  return [optionRow(`<p>${trueText}</p>`), optionRow(`<p>${falseText}</p>`)];
}

/** A fresh key: one blank, two pairs and two items to fill in, the contract's defaults for the rest. */
export function emptySpec(): DraftSpec {
  return {
    blanks: [blankRow()],
    accepted: [],
    by_hand: false,
    case_sensitive: false,
    ignore_spaces: true,
    rubric: [],
    word_limit: 0,
    file_answers: false,
    pairs: [pairRow(), pairRow()],
    distractors: [],
    items: [itemRow(), itemRow()],
    value: null,
    tolerance: 0,
    unit: '',
  };
}

/** A stored key as the editor holds it; the fields of other types start empty. */
export function draftSpecOf(type: TQuestionType, stored: TQuestionSpec | null | undefined): DraftSpec {
  const base = emptySpec();
  const spec = specOf(type, stored);
  if (!spec) return base;
  return {
    blanks: spec.blanks ? spec.blanks.map((blank) => blankRow([...blank.accepted])) : base.blanks,
    accepted: spec.accepted ? [...spec.accepted] : base.accepted,
    by_hand: spec.by_hand ?? base.by_hand,
    case_sensitive: spec.case_sensitive ?? base.case_sensitive,
    ignore_spaces: spec.ignore_spaces ?? base.ignore_spaces,
    rubric: (spec.rubric ?? []).map((c) => criterionRow(c.criterion, c.points)),
    word_limit: spec.word_limit ?? base.word_limit,
    file_answers: spec.file_answers ?? base.file_answers,
    pairs: spec.pairs ? spec.pairs.map((pair) => pairRow(pair.left, pair.right)) : base.pairs,
    distractors: spec.distractors ? spec.distractors.map((d) => itemRow(d)) : base.distractors,
    items: spec.items ? spec.items.map((item) => itemRow(item)) : base.items,
    value: spec.value !== undefined && Number.isFinite(spec.value) ? spec.value : null,
    tolerance: spec.tolerance ?? base.tolerance,
    unit: spec.unit ?? base.unit,
  };
}

/** Accepted answers as sent: trimmed, empty and repeated ones dropped. */
export function cleanAccepted(values: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of values) {
    const value = raw.trim();
    if (value === '' || seen.has(value)) continue;
    seen.add(value);
    kept.push(value);
  }
  return kept;
}

/** Accepted answers as the author typed them, cut to what the contract takes (the ones too long are left out). */
export function limitAccepted(values: readonly string[]): { accepted: string[]; tooLong: boolean } {
  const clean = cleanAccepted(values);
  const accepted = clean.filter((v) => v.length <= ANSWER_LIMITS.acceptedLength).slice(0, ANSWER_LIMITS.accepted);
  return { accepted, tooLong: accepted.length < clean.length };
}

/** The rubric lines that count (a line left wholly empty is ignored, as the server does). */
function rubricInput(rubric: readonly DraftCriterion[]) {
  return rubric
    .map((c) => ({ criterion: c.criterion.trim(), points: c.points ?? 0 }))
    .filter((c) => c.criterion !== '' || c.points > 0);
}

/** The total points of a rubric. */
export const rubricTotal = (rubric: readonly DraftCriterion[]) =>
  rubricInput(rubric).reduce((sum, c) => sum + c.points, 0);

/**
 * The key sent for a type: only that type's fields (null for choices). Blanks, pairs and items keep their places
 * (the rules' problems name them by index); empty distractors and wholly empty rubric lines are left out; a
 * short answer marked automatically sends no rubric.
 */
export function specInputOf(type: TQuestionType, spec: DraftSpec): TQuestionSpec | null {
  const textRules = { case_sensitive: spec.case_sensitive, ignore_spaces: spec.ignore_spaces };
  switch (type) {
    case 'blank':
      return { blanks: spec.blanks.map((blank) => ({ accepted: cleanAccepted(blank.accepted) })), ...textRules };
    case 'short':
      return {
        accepted: cleanAccepted(spec.accepted),
        by_hand: spec.by_hand,
        ...textRules,
        rubric: spec.by_hand ? rubricInput(spec.rubric) : [],
      };
    case 'essay':
      return { rubric: rubricInput(spec.rubric), word_limit: spec.word_limit, file_answers: spec.file_answers };
    case 'matching':
      return {
        pairs: spec.pairs.map(({ left, right }) => ({ left, right })),
        distractors: spec.distractors.map((d) => d.content).filter(htmlHasContent),
      };
    case 'ordering':
      return { items: spec.items.map((item) => item.content) };
    case 'numerical':
      return {
        ...(spec.value === null ? {} : { value: spec.value }),
        tolerance: spec.tolerance,
        unit: spec.unit.trim(),
      };
    default:
      return null;
  }
}

export function newDraft(categoryId: number | null): Draft {
  return {
    category_id: categoryId,
    type: 'single',
    stem: '',
    options: emptyOptions(),
    optionsType: 'single',
    optionsStash: null,
    spec: emptySpec(),
    analysis: '',
    difficulty: 'medium',
    source: '',
    setter: '',
    label_ids: [],
    node_ids: [],
  };
}

export function draftOf(question: TQuestionDetail): Draft {
  const choice = isChoiceType(question.type);
  return {
    category_id: question.category_id,
    type: question.type,
    stem: question.stem,
    options: choice ? question.options.map((option) => optionRow(option.content, option.correct)) : emptyOptions(),
    optionsType: isChoiceType(question.type) ? question.type : 'single',
    optionsStash: null,
    spec: choice ? emptySpec() : draftSpecOf(question.type, question.spec),
    analysis: question.analysis,
    difficulty: question.difficulty,
    source: question.source,
    setter: question.setter,
    label_ids: question.labels.map((label) => label.id),
    node_ids: question.nodes.map((node) => node.id),
  };
}

/** What is sent on save: options for choices (`spec: null`), the key for the other types (`options: []`). */
export function inputOf(draft: Draft): DraftInput {
  const choice = isChoiceType(draft.type);
  return {
    category_id: draft.category_id,
    type: draft.type,
    stem: draft.stem,
    options: choice ? draft.options.map(({ content, correct }) => ({ content, correct })) : [],
    spec: choice ? null : specInputOf(draft.type, draft.spec),
    analysis: draft.analysis,
    difficulty: draft.difficulty,
    source: draft.source.trim(),
    setter: draft.setter.trim(),
    label_ids: draft.label_ids,
    node_ids: draft.node_ids,
  };
}

/** The broken rules of what would be sent (indexes name options, blanks, pairs or items as the draft lists them). */
export function draftProblems(draft: Draft): TQuestionProblem[] {
  const { type, stem, options, spec } = inputOf(draft);
  return questionProblems({ type, stem, options, spec });
}

/**
 * Changes the type, keeping everything typed: the key of every type stays in the draft, and the options stay for
 * when a choice type comes back. True/false gets its two fixed options (`judge`), the options typed before are put
 * aside and given back when single or multiple choice is chosen again.
 */
export function switchType(draft: Draft, type: TQuestionType, judge: () => DraftOption[]): Draft {
  if (type === draft.type) return draft;
  if (!isChoiceType(type)) return { ...draft, type };
  if (type === 'judge') {
    if (draft.optionsType === 'judge') return { ...draft, type };
    return { ...draft, type, optionsType: 'judge', optionsStash: draft.options, options: judge() };
  }
  if (draft.optionsType === 'judge') {
    return { ...draft, type, optionsType: type, options: draft.optionsStash ?? emptyOptions(), optionsStash: null };
  }
  return { ...draft, type, optionsType: type };
}

/** Marks option `index` correct: the only one for single choice and true/false, toggled for multiple choice. */
export function setCorrect(draft: Draft, index: number, checked: boolean): DraftOption[] {
  if (draft.type === 'multiple') return draft.options.map((o, i) => (i === index ? { ...o, correct: checked } : o));
  return draft.options.map((o, i) => ({ ...o, correct: i === index ? checked : false }));
}

export const canAddOption = (draft: Draft) => draft.type !== 'judge' && draft.options.length < QUESTION_LIMITS.options;

/** A copy of `list` with the entry at `index` moved by `by` places (unchanged when that leaves the list). */
export function moveRow<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const moved = [...list];
  const [row] = moved.splice(index, 1);
  moved.splice(to, 0, row as T);
  return moved;
}

/** How many blanks the stem marks: runs of three or more underscores (____), in the stem's text. */
export function stemBlankCount(stem: string): number {
  return htmlText(stem).match(/_{3,}/g)?.length ?? 0;
}
