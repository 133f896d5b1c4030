import type { TQuestionDetail } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  blankRow,
  canAddOption,
  criterionRow,
  type Draft,
  draftOf,
  draftProblems,
  inputOf,
  itemRow,
  judgeOptions,
  limitAccepted,
  moveRow,
  newDraft,
  optionRow,
  pairRow,
  rubricTotal,
  setCorrect,
  specInputOf,
  stemBlankCount,
  switchType,
} from './editor-draft.ts';

const filled = (type: Draft['type']): Draft => ({
  ...newDraft(3),
  type,
  stem: '<p>Which?</p>',
  options: ['A', 'B', 'C'].map((text) => optionRow(`<p>${text}</p>`)),
});

const codes = (draft: Draft) => draftProblems(draft).map((p) => [p.code, p.index]);
const judge = () => judgeOptions('正确', '错误');

const detail = (patch: Partial<TQuestionDetail>): TQuestionDetail => ({
  id: 1,
  category_id: 3,
  category_name: 'C',
  private: false,
  type: 'single',
  stem_text: 'Q',
  difficulty: 'medium',
  option_count: 0,
  review_status: 'passed',
  review_reason: '',
  setter: '',
  source: '',
  answer_count: 0,
  correct_count: 0,
  created_by_name: null,
  updated_at: '',
  stem: '<p>Q</p>',
  options: [],
  spec: null,
  analysis: '',
  category_path: 'C',
  labels: [],
  nodes: [],
  version: 1,
  reviewed_by_name: null,
  reviewed_at: null,
  created_by: null,
  created_at: '',
  editable: true,
  ...patch,
});

describe('question editor draft', () => {
  it('starts a single-choice question with four empty options in the preset category', () => {
    const draft = newDraft(7);
    expect(draft.category_id).toBe(7);
    expect(draft.options).toHaveLength(4);
    expect(draftProblems(draft).map((p) => p.code)).toContain('question_stem_required');
    expect(inputOf(draft).spec).toBeNull();
  });

  it('marks one correct option for single choice and true/false, several for multiple choice', () => {
    const single = filled('single');
    const once = setCorrect(single, 0, true);
    const moved = setCorrect({ ...single, options: once }, 2, true);
    expect(moved.map((o) => o.correct)).toEqual([false, false, true]);
    const multiple = filled('multiple');
    const two = setCorrect({ ...multiple, options: setCorrect(multiple, 0, true) }, 2, true);
    expect(two.map((o) => o.correct)).toEqual([true, false, true]);
    expect(draftProblems({ ...multiple, options: two })).toEqual([]);
  });

  it('gives true/false its two fixed options, which pass the rules once one is correct', () => {
    const judged: Draft = { ...filled('judge'), options: judge(), optionsType: 'judge' };
    expect(canAddOption(judged)).toBe(false);
    expect(draftProblems(judged).map((p) => p.code)).toEqual(['question_correct_required']);
    expect(draftProblems({ ...judged, options: setCorrect(judged, 1, true) })).toEqual([]);
  });

  it('allows at most six options and sends trimmed texts without the row keys', () => {
    const six: Draft = { ...filled('single'), options: Array.from({ length: 6 }, () => optionRow('<p>x</p>')) };
    expect(canAddOption(six)).toBe(false);
    const input = inputOf({ ...filled('single'), source: '  book ', setter: ' me ' });
    expect(input.source).toBe('book');
    expect(input.setter).toBe('me');
    expect(input.options[0]).toEqual({ content: '<p>A</p>', correct: false });
  });
});

describe('switching type', () => {
  it('puts the options aside for true/false and gives them back for a choice, through other types too', () => {
    const single = filled('single');
    const judged = switchType(single, 'judge', judge);
    expect(judged.options.map((o) => o.content)).toEqual(['<p>正确</p>', '<p>错误</p>']);
    const essay = switchType(judged, 'essay', judge);
    expect(essay.options).toBe(judged.options);
    const back = switchType(essay, 'multiple', judge);
    expect(back.options).toBe(single.options);
    expect(back.optionsStash).toBeNull();
    expect(switchType(switchType(single, 'blank', judge), 'multiple', judge).options).toBe(single.options);
  });

  it('sends no options for the other types and no key for choices, keeping what was typed for both', () => {
    const single = filled('single');
    const short = switchType(single, 'short', judge);
    const typed: Draft = { ...short, spec: { ...short.spec, accepted: ['Paris'] } };
    expect(inputOf(typed).options).toEqual([]);
    expect(inputOf(typed).spec).toMatchObject({ accepted: ['Paris'], by_hand: false });
    expect(draftProblems(typed)).toEqual([]);
    const again = switchType(typed, 'single', judge);
    expect(inputOf(again).spec).toBeNull();
    expect(inputOf(again).options).toHaveLength(3);
    expect(switchType(again, 'short', judge).spec.accepted).toEqual(['Paris']);
  });

  it('carries the rubric from a short answer marked by hand to an essay', () => {
    const short = switchType(filled('single'), 'short', judge);
    const marked: Draft = {
      ...short,
      spec: { ...short.spec, by_hand: true, rubric: [criterionRow('Idea', 3), criterionRow('Style', 2)] },
    };
    expect(inputOf(switchType(marked, 'essay', judge)).spec?.rubric).toEqual([
      { criterion: 'Idea', points: 3 },
      { criterion: 'Style', points: 2 },
    ]);
  });
});

describe('the key of each type', () => {
  it('blank: one line of accepted answers per blank, each needed, trimmed and without repeats', () => {
    const draft = switchType(filled('single'), 'blank', judge);
    expect(codes(draft)).toEqual([['question_accepted_required', 0]]);
    const two: Draft = { ...draft, spec: { ...draft.spec, blanks: [blankRow([' Paris ', 'Paris']), blankRow()] } };
    expect(inputOf(two).spec).toEqual({
      blanks: [{ accepted: ['Paris'] }, { accepted: [] }],
      case_sensitive: false,
      ignore_spaces: true,
    });
    expect(codes(two)).toEqual([['question_accepted_required', 1]]);
    expect(codes({ ...draft, spec: { ...draft.spec, blanks: [] } })).toEqual([['question_blank_required', undefined]]);
  });

  it('short by hand: accepted answers optional, the rubric sent; automatic: no rubric sent', () => {
    const draft = switchType(filled('single'), 'short', judge);
    expect(codes(draft)).toEqual([['question_accepted_required', undefined]]);
    const byHand: Draft = {
      ...draft,
      spec: { ...draft.spec, by_hand: true, rubric: [criterionRow('Idea', null), criterionRow()] },
    };
    expect(codes(byHand)).toEqual([['question_rubric_invalid', undefined]]);
    expect(inputOf(byHand).spec?.rubric).toEqual([{ criterion: 'Idea', points: 0 }]);
    const auto: Draft = { ...byHand, spec: { ...byHand.spec, by_hand: false, accepted: ['x'] } };
    expect(inputOf(auto).spec?.rubric).toEqual([]);
    expect(codes(auto)).toEqual([]);
  });

  it('essay: rubric, word limit and files; an empty rubric line is ignored', () => {
    const draft = switchType(filled('single'), 'essay', judge);
    expect(codes(draft)).toEqual([]);
    const set: Draft = {
      ...draft,
      spec: { ...draft.spec, rubric: [criterionRow(' Idea ', 4), criterionRow()], word_limit: 500, file_answers: true },
    };
    expect(inputOf(set).spec).toEqual({
      rubric: [{ criterion: 'Idea', points: 4 }],
      word_limit: 500,
      file_answers: true,
    });
    expect(rubricTotal([criterionRow('a', 1.5), criterionRow('b', 2), criterionRow()])).toBe(3.5);
  });

  it('matching: at least two pairs, both sides filled; empty distractors are left out', () => {
    const draft = switchType(filled('single'), 'matching', judge);
    expect(codes(draft)).toEqual([
      ['question_pairs_required', 0],
      ['question_pairs_required', 1],
    ]);
    const set: Draft = {
      ...draft,
      spec: {
        ...draft.spec,
        pairs: [pairRow('<p>a</p>', '<p>1</p>'), pairRow('<p>b</p>', '<p>2</p>')],
        distractors: [itemRow('<p>3</p>'), itemRow('')],
      },
    };
    expect(codes(set)).toEqual([]);
    expect(inputOf(set).spec).toEqual({
      pairs: [
        { left: '<p>a</p>', right: '<p>1</p>' },
        { left: '<p>b</p>', right: '<p>2</p>' },
      ],
      distractors: ['<p>3</p>'],
    });
  });

  it('ordering: the items in order, at least two, none empty', () => {
    const draft = switchType(filled('single'), 'ordering', judge);
    const one: Draft = { ...draft, spec: { ...draft.spec, items: [itemRow('<p>a</p>')] } };
    expect(codes(one)).toEqual([['question_items_required', undefined]]);
    const set: Draft = { ...draft, spec: { ...draft.spec, items: [itemRow('<p>a</p>'), itemRow('<p>b</p>')] } };
    expect(inputOf({ ...set, spec: { ...set.spec, items: moveRow(set.spec.items, 1, -1) } }).spec).toEqual({
      items: ['<p>b</p>', '<p>a</p>'],
    });
  });

  it('numerical: a value is needed; tolerance and unit are sent as typed', () => {
    const draft = switchType(filled('single'), 'numerical', judge);
    expect(codes(draft)).toEqual([['question_numerical_invalid', undefined]]);
    expect(inputOf(draft).spec).toEqual({ tolerance: 0, unit: '' });
    const set: Draft = { ...draft, spec: { ...draft.spec, value: 9.8, tolerance: 0.1, unit: ' m/s² ' } };
    expect(inputOf(set).spec).toEqual({ value: 9.8, tolerance: 0.1, unit: 'm/s²' });
    expect(codes(set)).toEqual([]);
    expect(specInputOf('single', set.spec)).toBeNull();
  });

  it('a saved question opens with its key and, unchanged, sends the same key back', () => {
    const specs = [
      { type: 'blank', spec: { blanks: [{ accepted: ['a', 'b'] }], case_sensitive: true, ignore_spaces: false } },
      {
        type: 'short',
        spec: {
          accepted: [],
          by_hand: true,
          case_sensitive: false,
          ignore_spaces: true,
          rubric: [{ criterion: 'x', points: 2 }],
        },
      },
      { type: 'essay', spec: { rubric: [], word_limit: 0, file_answers: true } },
      { type: 'matching', spec: { pairs: [{ left: 'a', right: 'b' }], distractors: ['c'] } },
      { type: 'ordering', spec: { items: ['a', 'b', 'c'] } },
      { type: 'numerical', spec: { value: -3, tolerance: 0, unit: 'kg' } },
    ] as const;
    for (const { type, spec } of specs) {
      const question = detail({ type, spec: structuredClone(spec) as TQuestionDetail['spec'] });
      const input = inputOf(draftOf(question));
      expect(input.spec, type).toEqual(spec);
      expect(input.options, type).toEqual([]);
    }
    const choice = draftOf(detail({ type: 'judge', options: [{ content: '<p>对</p>', correct: true }] }));
    expect(choice.optionsType).toBe('judge');
    expect(inputOf(choice).spec).toBeNull();
  });
});

describe('editor helpers', () => {
  it('keeps accepted answers within the limits and says when some were refused', () => {
    expect(limitAccepted([' a ', 'a', '', 'b'])).toEqual({ accepted: ['a', 'b'], tooLong: false });
    expect(limitAccepted(['a', 'x'.repeat(201)])).toEqual({ accepted: ['a'], tooLong: true });
  });

  it('moves a row up or down, never out of the list', () => {
    expect(moveRow(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRow(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRow(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
  });

  it('counts the blanks the stem marks with underscores', () => {
    expect(stemBlankCount('<p>The capital of <b>France</b> is ____, of Spain _____.</p>')).toBe(2);
    expect(stemBlankCount('<p>snake_case __init__</p>')).toBe(0);
  });
});
