import { describe, expect, it } from 'vitest';
import { autoGraded, markedByHand, parseAnswerNumber, responseShare, specProblems } from './question-answers.ts';
import { QUESTION_TYPES, questionProblems } from './question-rules.ts';

describe('grading the question types that are not choices', () => {
  it('fill in the blanks: each blank right counts, with the case and space rules', () => {
    const spec = { blanks: [{ accepted: ['Beijing', '北京'] }, { accepted: ['Yangtze River'] }, { accepted: ['7'] }] };
    // Case and spaces ignored by default; full-width digits are the same digits.
    expect(responseShare('blank', spec, { texts: ['beijing', 'yangtze  river', '７'] })).toBe(1);
    expect(responseShare('blank', spec, { texts: ['北京', 'Yellow River', ''] })).toBe(1 / 3);
    // Case sensitive: "beijing" no longer matches; spaces still dropped.
    const strict = { ...spec, case_sensitive: true };
    expect(responseShare('blank', strict, { texts: ['beijing', 'Yangtze River', '7'] })).toBe(2 / 3);
    // Spaces kept (but collapsed): "YangtzeRiver" is wrong, "Yangtze   River" right.
    const spaced = { ...spec, ignore_spaces: false };
    expect(responseShare('blank', spaced, { texts: ['Beijing', 'YangtzeRiver', '7'] })).toBe(2 / 3);
    expect(responseShare('blank', spaced, { texts: ['Beijing', 'Yangtze   River', '7'] })).toBe(1);
    expect(responseShare('blank', spec, null)).toBe(0);
  });

  it('short answer: an accepted answer, or a teacher when marked by hand', () => {
    const spec = { accepted: ['photosynthesis'] };
    expect(responseShare('short', spec, { text: ' Photosynthesis ' })).toBe(1);
    expect(responseShare('short', spec, { text: 'respiration' })).toBe(0);
    expect(responseShare('short', { ...spec, by_hand: true }, { text: 'respiration' })).toBeNull();
    // An empty answer is never sent to a teacher: it earns nothing.
    expect(responseShare('short', { ...spec, by_hand: true }, { text: '  ' })).toBe(0);
    expect(responseShare('essay', {}, { text: 'An essay.' })).toBeNull();
    expect(markedByHand('essay', null)).toBe(true);
    expect(markedByHand('short', { by_hand: false })).toBe(false);
  });

  it('a machine grades every type but essays and short answers marked by hand (what practice may hold)', () => {
    const graded = QUESTION_TYPES.filter((type) => autoGraded(type, null));
    expect(graded).toEqual(['single', 'multiple', 'judge', 'blank', 'short', 'matching', 'ordering', 'numerical']);
    expect(autoGraded('short', { by_hand: true })).toBe(false);
    expect(autoGraded('short', { by_hand: false, accepted: ['x'] })).toBe(true);
  });

  it('numerical: within the tolerance, with a unit or a decimal comma', () => {
    const spec = { value: 9.81, tolerance: 0.05, unit: 'm/s²' };
    expect(responseShare('numerical', spec, { text: '9.8' })).toBe(1);
    expect(responseShare('numerical', spec, { text: '9.86' })).toBe(1);
    expect(responseShare('numerical', spec, { text: '9.87' })).toBe(0);
    expect(responseShare('numerical', spec, { text: '9,8 m/s²' })).toBe(1);
    expect(responseShare('numerical', spec, { text: 'about ten' })).toBe(0);
    expect(responseShare('numerical', { value: 100, tolerance: 0 }, { text: '1e2' })).toBe(1);
    expect(parseAnswerNumber('１２．５')).toBe(12.5);
    expect(parseAnswerNumber('1,000.5')).toBeNull();
  });

  it('matching: the share of left items given their own right item', () => {
    const spec = {
      pairs: [
        { left: 'H', right: 'hydrogen' },
        { left: 'O', right: 'oxygen' },
        { left: 'N', right: 'nitrogen' },
        { left: 'C', right: 'carbon' },
      ],
      distractors: ['helium'],
    };
    expect(responseShare('matching', spec, { order: [0, 1, 2, 3] })).toBe(1);
    // Two right, one swapped pair, none given for the last.
    expect(responseShare('matching', spec, { order: [0, 2, 1, -1] })).toBe(0.25);
    expect(responseShare('matching', spec, { order: [0, 1, 4, 3] })).toBe(0.75);
  });

  it('ordering: items followed by their successor, over items - 1', () => {
    const spec = { items: ['a', 'b', 'c', 'd', 'e'] };
    expect(responseShare('ordering', spec, { order: [0, 1, 2, 3, 4] })).toBe(1);
    // a-b, c-d and d-e are kept; b is followed by c nowhere: 3 of 4.
    expect(responseShare('ordering', spec, { order: [2, 3, 4, 0, 1] })).toBe(0.75);
    expect(responseShare('ordering', spec, { order: [4, 3, 2, 1, 0] })).toBe(0);
    // Not a permutation of the items: nothing.
    expect(responseShare('ordering', spec, { order: [0, 0, 1, 2, 3] })).toBe(0);
  });
});

describe('the rules of their keys', () => {
  it('names what is missing, by type', () => {
    expect(specProblems('blank', {}).map((p) => p.code)).toEqual(['question_blank_required']);
    expect(specProblems('blank', { blanks: [{ accepted: ['x'] }, { accepted: [] }] })).toEqual([
      { code: 'question_accepted_required', index: 1 },
    ]);
    expect(specProblems('short', { by_hand: true })).toEqual([]);
    expect(specProblems('short', {}).map((p) => p.code)).toEqual(['question_accepted_required']);
    expect(specProblems('matching', { pairs: [{ left: 'a', right: '' }] }).map((p) => p.code)).toEqual([
      'question_pairs_required',
      'question_pairs_required',
    ]);
    expect(specProblems('ordering', { items: ['only one'] }).map((p) => p.code)).toEqual(['question_items_required']);
    expect(specProblems('numerical', { tolerance: 1 }).map((p) => p.code)).toEqual(['question_numerical_invalid']);
    expect(specProblems('essay', { rubric: [{ criterion: 'Argument', points: 0 }] }).map((p) => p.code)).toEqual([
      'question_rubric_invalid',
    ]);
  });

  it('refuses options on a question that is not a choice', () => {
    const problems = questionProblems({
      type: 'essay',
      stem: '<p>Discuss.</p>',
      options: [{ content: 'A', correct: true }],
      spec: {},
    });
    expect(problems.map((p) => p.code)).toEqual(['question_options_not_allowed']);
  });
});
