import { describe, expect, it } from 'vitest';
import { keyText, responseText, shareText } from './practice-answers.ts';

const matching = {
  pairs: [
    { left: '<p>H</p>', right: 'hydrogen' },
    { left: 'O', right: 'oxygen' },
  ],
  distractors: ['helium'],
};

describe('answers and keys of the types that are not choices, as one line', () => {
  it('shows my answer by type', () => {
    expect(responseText('blank', { texts: ['Zhengzhou', ' '] }, null)).toBe('Zhengzhou / —');
    expect(responseText('short', { text: ' Luoyang ' }, null)).toBe('Luoyang');
    expect(responseText('numerical', { text: '9,75 m/s' }, null)).toBe('9,75 m/s');
    expect(responseText('matching', { order: [2, -1] }, matching)).toBe('H → helium; O → —');
    expect(responseText('ordering', { order: [1, 0] }, { items: ['<b>one</b>', 'two'] })).toBe('two → one');
    expect(responseText('blank', null, null)).toBe('-');
  });

  it('shows the key by type', () => {
    expect(keyText('blank', { blanks: [{ accepted: ['a', 'b'] }, { accepted: ['c'] }] })).toBe('1. a | b; 2. c');
    expect(keyText('short', { accepted: ['Paris', 'paris'] })).toBe('Paris | paris');
    expect(keyText('numerical', { value: 9.8, tolerance: 0.1, unit: 'm/s' })).toBe('9.8 ± 0.1 m/s');
    expect(keyText('numerical', { value: 3 })).toBe('3');
    expect(keyText('matching', matching)).toBe('H → hydrogen; O → oxygen');
    expect(keyText('ordering', { items: ['one', 'two'] })).toBe('one → two');
    expect(keyText('ordering', null)).toBe('-');
  });

  it('shows a share as a percentage', () => {
    expect(shareText(0.6666)).toBe('67%');
    expect(shareText(0.5)).toBe('50%');
    expect(shareText(1)).toBe('100%');
  });
});
