import { describe, expect, it } from 'vitest';
import { gradeAttempt, gradeQuestion, splitPoints } from './grade-attempt.ts';

const opts = (...correct: boolean[]) => correct.map((c) => ({ correct: c }));

describe('grading one question', () => {
  it('single choice and judge are right or wrong', () => {
    expect(gradeQuestion('single', opts(true, false, false), [0], 10, true)).toEqual({ correct: true, earned: 10 });
    expect(gradeQuestion('single', opts(true, false, false), [1], 10, true)).toEqual({ correct: false, earned: 0 });
    expect(gradeQuestion('single', opts(true, false, false), [0, 1], 10, true)).toEqual({ correct: false, earned: 0 });
    expect(gradeQuestion('judge', opts(false, true), [1], 5, false)).toEqual({ correct: true, earned: 5 });
    expect(gradeQuestion('judge', opts(false, true), null, 5, false)).toEqual({ correct: false, earned: 0 });
  });

  it('multiple choice is all-or-nothing unless partial credit is on', () => {
    const options = opts(true, true, false);
    expect(gradeQuestion('multiple', options, [1, 0], 10, false)).toEqual({ correct: true, earned: 10 });
    expect(gradeQuestion('multiple', options, [0], 10, false)).toEqual({ correct: false, earned: 0 });
    expect(gradeQuestion('multiple', options, [0], 10, true)).toEqual({ correct: false, earned: 5 });
    // One wrong option chosen: nothing, even with partial credit.
    expect(gradeQuestion('multiple', options, [0, 2], 10, true)).toEqual({ correct: false, earned: 0 });
    expect(gradeQuestion('multiple', options, [], 10, true)).toEqual({ correct: false, earned: 0 });
    // 2 of 3 correct options of 10 points: 6.666… rounded down to 6.66.
    expect(gradeQuestion('multiple', opts(true, true, true, false), [0, 2], 10, true).earned).toBe(6.66);
  });
});

describe('grading a paper', () => {
  const paper = [
    { questionId: 1, type: 'single' as const, options: opts(true, false), spec: null, points: 25 },
    { questionId: 2, type: 'single' as const, options: opts(true, false), spec: null, points: 25 },
    { questionId: 3, type: 'multiple' as const, options: opts(true, true, false), spec: null, points: 25 },
    { questionId: 4, type: 'judge' as const, options: opts(true, false), spec: null, points: 25 },
  ];
  const chose = (...chosen: number[]) => ({ chosen, response: null });
  const answers = new Map([
    [1, chose(0)],
    [2, chose(1)],
    [3, chose(1)],
    [4, chose(0)],
  ]);

  it('adds the points and passes at the pass score exactly', () => {
    const partial = gradeAttempt(paper, answers, { partialCredit: true, passScore: 62.5 });
    expect(partial.score).toBe(62.5);
    expect(partial.passed).toBe(true);
    const strict = gradeAttempt(paper, answers, { partialCredit: false, passScore: 60 });
    expect(strict.score).toBe(50);
    expect(strict.passed).toBe(false);
    expect(strict.perQuestion.get(2)).toEqual({ correct: false, earned: 0, answered: true, byHand: false });
  });

  it('splits the total score so that the points add up exactly', () => {
    expect(splitPoints(100, 3)).toEqual([33.33, 33.33, 33.34]);
    expect(splitPoints(100, 6)).toEqual([16.67, 16.67, 16.67, 16.67, 16.67, 16.65]);
    expect(splitPoints(10, 4)).toEqual([2.5, 2.5, 2.5, 2.5]);
    expect(splitPoints(100, 0)).toEqual([]);
  });
});
