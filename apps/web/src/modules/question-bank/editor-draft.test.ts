import { questionProblems } from '@app/contracts/question-rules.ts';
import { describe, expect, it } from 'vitest';
import { canAddOption, type Draft, inputOf, judgeOptions, newDraft, optionRow, setCorrect } from './editor-draft.ts';

const filled = (type: Draft['type']): Draft => ({
  ...newDraft(3),
  type,
  stem: '<p>Which?</p>',
  options: ['A', 'B', 'C'].map((text) => optionRow(`<p>${text}</p>`)),
});

describe('question editor draft', () => {
  it('starts a single-choice question with four empty options in the preset category', () => {
    const draft = newDraft(7);
    expect(draft.category_id).toBe(7);
    expect(draft.options).toHaveLength(4);
    expect(questionProblems(draft).map((p) => p.code)).toContain('question_stem_required');
  });

  it('marks one correct option for single choice and true/false, several for multiple choice', () => {
    const single = filled('single');
    const once = setCorrect(single, 0, true);
    const moved = setCorrect({ ...single, options: once }, 2, true);
    expect(moved.map((o) => o.correct)).toEqual([false, false, true]);
    const multiple = filled('multiple');
    const two = setCorrect({ ...multiple, options: setCorrect(multiple, 0, true) }, 2, true);
    expect(two.map((o) => o.correct)).toEqual([true, false, true]);
    expect(questionProblems({ ...multiple, options: two })).toEqual([]);
  });

  it('gives true/false its two fixed options, which pass the rules once one is correct', () => {
    const judge: Draft = { ...filled('judge'), options: judgeOptions('正确', '错误') };
    expect(canAddOption(judge)).toBe(false);
    expect(questionProblems(judge).map((p) => p.code)).toEqual(['question_correct_required']);
    expect(questionProblems({ ...judge, options: setCorrect(judge, 1, true) })).toEqual([]);
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
