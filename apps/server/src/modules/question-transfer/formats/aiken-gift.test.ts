import { describe, expect, it } from 'vitest';
import { parseAiken, writeAiken } from './aiken.ts';
import { escapeGift, parseGift, writeGift } from './gift.ts';
import { content, SAMPLE_QUESTIONS } from './samples.test-data.ts';

describe('Aiken', () => {
  it('reads single-choice questions with their answer, line numbers and true/false pairs', () => {
    const text = [
      'What is 1 + 1?',
      'A. 1',
      'B) 2',
      'C、3',
      'ANSWER: B',
      '',
      'The sky is green.',
      'A. True',
      'B. False',
      'ANSWER: B',
    ].join('\r\n');
    const { rows } = parseAiken(text);
    expect(rows.map((r) => r.row)).toEqual([1, 7]);
    expect(rows[0]!.question).toEqual({
      type: 'single',
      stem: 'What is 1 + 1?',
      options: [
        { content: '1', correct: false },
        { content: '2', correct: true },
        { content: '3', correct: false },
      ],
      analysis: '',
    });
    expect(rows[1]!.question?.type).toBe('judge');
    expect(rows[1]!.question?.options.map((o) => o.correct)).toEqual([false, true]);
  });

  it('reports questions it cannot read and goes on with the next', () => {
    const text = [
      'No answer line',
      'A. x',
      'B. y',
      '',
      'Answer out of range',
      'A. x',
      'B. y',
      'ANSWER: D',
      'Two answers',
      'A. x',
      'B. y',
      'ANSWER: AB',
      'Skipped letter',
      'A. x',
      'C. y',
      'ANSWER: A',
      'ANSWER: A',
      'Good <one>',
      'A. x & y',
      'B. z',
      'ANSWER: a',
    ].join('\n');
    const { rows } = parseAiken(text);
    expect(rows.map((r) => [r.row, r.error?.code ?? 'ok'])).toEqual([
      [1, 'answer_missing'],
      [5, 'answer_wrong'],
      [9, 'type_unsupported'],
      [13, 'syntax'],
      [17, 'stem_missing'],
      [18, 'ok'],
    ]);
    expect(rows[5]!.question?.stem).toBe('Good &lt;one&gt;');
    expect(rows[5]!.question?.options[0]).toEqual({ content: 'x &amp; y', correct: true });
  });

  it('writes single and true/false questions, skips multiple ones, and reads them back the same', () => {
    const written = writeAiken(SAMPLE_QUESTIONS);
    expect(written.skipped).toEqual([{ index: 1, reason: 'multiple_not_supported' }]);
    expect(written.content).toContain('ANSWER: B');
    const { rows } = parseAiken(written.content);
    expect(rows.every((r) => !r.error)).toBe(true);
    const keep = (i: number) => ({ ...content(SAMPLE_QUESTIONS[i]), analysis: '' });
    expect(rows.map((r) => content(r.question))).toEqual([keep(0), keep(2)]);
  });

  it('reads an empty file as no questions', () => {
    expect(parseAiken('\n\n').rows).toEqual([]);
  });
});

describe('GIFT', () => {
  it('reads single, multiple and true/false questions with titles, comments, feedback and escapes', () => {
    const text = [
      '// a comment',
      '$CATEGORY: top/demo',
      '',
      '::Q1:: What is 2 \\= 1 + 1\\? {',
      '  =Yes #right',
      '  ~No #wrong',
      '  ####Because 1 \\+ 1 is 2.',
      '}',
      '',
      'Which are colours? {~%50%Red ~%50%Blue ~%-100%Dog}',
      '',
      '::tf::[html]<p>The <b>sun</b> is hot.</p>{TRUE####It is.}',
      '',
      "Grant is buried in {~ Rome =Grant's tomb ~Paris} today.",
    ].join('\n');
    const { rows } = parseGift(text, ['True', 'False']);
    expect(rows.map((r) => r.row)).toEqual([4, 10, 12, 14]);
    expect(rows[0]!.question).toEqual({
      type: 'single',
      stem: 'What is 2 = 1 + 1\\?',
      options: [
        { content: 'Yes', correct: true },
        { content: 'No', correct: false },
      ],
      analysis: 'Because 1 \\+ 1 is 2.',
    });
    expect(rows[1]!.question?.type).toBe('multiple');
    expect(rows[1]!.question?.options.map((o) => o.correct)).toEqual([true, true, false]);
    expect(rows[2]!.question).toEqual({
      type: 'judge',
      stem: '<p>The <b>sun</b> is hot.</p>',
      options: [
        { content: 'True', correct: true },
        { content: 'False', correct: false },
      ],
      analysis: 'It is.',
    });
    expect(rows[3]!.question?.stem).toBe('Grant is buried in _____ today.');
    expect(rows[3]!.question?.options[1]).toEqual({ content: 'Grant&#39;s tomb'.replace('&#39;', "'"), correct: true });
  });

  it('refuses broken blocks (the types whose key is spec are read in gift-keys.test.ts)', () => {
    const text = [
      'No answers here',
      '',
      '::unclosed title {=a ~b}',
      '',
      'No right one {~a ~b}',
      '',
      '{=a ~b}',
      '',
      'Stray text {abc}',
    ].join('\n');
    const { rows } = parseGift(text);
    expect(rows.map((r) => [r.error?.code, r.error?.value])).toEqual([
      ['syntax', '{}'],
      ['syntax', '::'],
      ['answer_missing', undefined],
      ['stem_missing', undefined],
      ['syntax', 'abc'],
    ]);
  });

  it('escapes the special characters', () => {
    expect(escapeGift('a~b=c#d{e}f:g\\h\ni')).toBe('a\\~b\\=c\\#d\\{e\\}f\\:g\\\\h\\ni');
  });

  it('writes the choice types with their HTML and reads them back the same', () => {
    const questions = [
      ...SAMPLE_QUESTIONS,
      {
        ...SAMPLE_QUESTIONS[0]!,
        stem: '<p>Line one<br>line <img src="https://x.test/a.png?b=1#c"> two</p>',
        analysis: '',
      },
    ];
    const written = writeGift(questions);
    expect(written.skipped).toEqual([]);
    expect(written.content).toContain('~%50%');
    const { rows } = parseGift(written.content);
    expect(rows.every((r) => !r.error)).toBe(true);
    expect(rows.map((r) => content(r.question))).toEqual(questions.map(content));
  });
});
