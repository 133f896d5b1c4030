import { describe, expect, it } from 'vitest';
import { htmlText, letters, percent, sessionPath } from './practice-html.tsx';

describe('practice page helpers', () => {
  it('shows a stem as short plain text', () => {
    expect(htmlText('<p>Which&nbsp;<b>letter</b></p><p>comes first?</p>')).toBe('Which letter comes first?');
    expect(htmlText(`<p>${'x'.repeat(200)}</p>`, 10)).toBe(`${'x'.repeat(10)}…`);
  });

  it('names options by letter and shares as percentages', () => {
    expect(letters([0, 2])).toBe('A, C');
    expect(letters([])).toBe('');
    expect(percent(1, 3)).toBe('33%');
    expect(percent(0, 0)).toBe('-');
    expect(sessionPath(7)).toBe('/course/interactExam?id=7');
  });
});
