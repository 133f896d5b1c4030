import { describe, expect, it } from 'vitest';
import { writeAiken } from './aiken.ts';
import { parseGift, writeGift } from './gift.ts';
import { KEY_QUESTIONS, keyQuestion, SAMPLE_QUESTIONS } from './samples.test-data.ts';
import { writeTable } from './table.ts';

/** Moodle's own examples of the GIFT types whose key is `spec` (docs.moodle.org/en/GIFT_format). */
const GIFT = [
  "Who's buried in Grant's tomb?{=no one =nobody}",
  '',
  'The capital is {=Paris =%100%paris =%50%Lyon #close} of France.',
  '',
  '::Q5:: When was Ulysses S. Grant born?{#1822:5}',
  '',
  'What is a number from 1 to 5? {#1..5}',
  '',
  'What is the acceleration of gravity in m/s²? {#',
  '  =%100%9.81:0.005 #Exactly right',
  '  =%50%9.8:0.1 #Close',
  '  ~#Wrong',
  '}',
  '',
  'Match the following countries with their corresponding capitals. {',
  '  =Canada -> Ottawa',
  '  =Italy  -> Rome',
  '  =Japan  -> Tokyo',
  '  = -> Paris',
  '}',
  '',
  'Write a short biography of Dag Hammarskjöld. {}',
  '',
  '::essay::[html]<p>Explain <b>why</b>.</p>{',
  '  ####<p>Because.</p>',
  '}',
  '',
  '[html]<p>Fill in: {=a\\*b =c*}</p>',
].join('\n');

describe('GIFT keys', () => {
  it("reads short answer, missing word, numerical, matching and essay questions as Moodle's examples write them", () => {
    const { rows } = parseGift(GIFT);
    expect(rows.map((r) => [r.row, r.error?.code ?? r.question?.type])).toEqual([
      [1, 'short'],
      [3, 'blank'],
      [5, 'numerical'],
      [7, 'numerical'],
      [9, 'numerical'],
      [15, 'matching'],
      [22, 'essay'],
      [24, 'essay'],
      [28, 'blank'],
    ]);
    const questions = rows.map((r) => r.question);
    expect(questions[0]).toEqual(
      keyQuestion('short', "Who's buried in Grant's tomb?", { accepted: ['no one', 'nobody'] }),
    );
    expect(questions[1]).toEqual(
      keyQuestion('blank', 'The capital is ____ of France.', { blanks: [{ accepted: ['Paris', 'paris'] }] }),
    );
    expect(questions[2]?.spec).toMatchObject({ value: 1822, tolerance: 5, unit: '' });
    expect(questions[3]?.spec).toMatchObject({ value: 3, tolerance: 2 });
    expect(questions[4]?.spec).toMatchObject({ value: 9.81, tolerance: 0.005 });
    expect(questions[5]?.spec).toEqual({
      pairs: [
        { left: 'Canada', right: 'Ottawa' },
        { left: 'Italy', right: 'Rome' },
        { left: 'Japan', right: 'Tokyo' },
      ],
      distractors: ['Paris'],
    });
    expect(questions[6]).toEqual(keyQuestion('essay', 'Write a short biography of Dag Hammarskjöld.', {}));
    expect(questions[7]).toEqual(keyQuestion('essay', '<p>Explain <b>why</b>.</p>', {}, '<p>Because.</p>'));
    // `*` is Moodle's wildcard: that answer is left out; `\*` is an asterisk.
    expect(questions[8]).toEqual(keyQuestion('blank', '<p>Fill in: ____</p>', { blanks: [{ accepted: ['a*b'] }] }));
  });

  it('reports what it cannot read as a row error', () => {
    const text = [
      'Ordering (a plugin) {>3 ALL\n a\n b\n c\n}',
      '',
      'Not a number {#abc}',
      '',
      'Bad range {#1..x}',
      '',
      'Only partial credit {#=%50%2}',
      '',
      'Arrowless {=a -> 1 =b}',
      '',
      'Only wildcards {=*}',
    ].join('\n');
    const { rows } = parseGift(text);
    expect(rows.map((r) => [r.error?.code ?? 'ok', r.error?.value])).toEqual([
      ['type_unsupported', 'ordering'],
      ['syntax', 'abc'],
      ['syntax', '1..x'],
      ['answer_missing', undefined],
      ['syntax', 'b'],
      ['ok', undefined],
    ]);
    // No accepted answer left: the bank's rule refuses it on import (question_accepted_required).
    expect(rows[5]?.question?.spec?.accepted).toEqual([]);
  });

  it('writes every key type GIFT can carry and reads it back the same; ordering is skipped', () => {
    const written = writeGift(KEY_QUESTIONS);
    expect(written.skipped).toEqual([{ index: 5, reason: 'type_not_supported' }]);
    expect(written.content).toContain('{#3.14:0.01');
    expect(written.content).toContain('= -> helium');
    expect(written.content).toContain('[html]<p>The capital of France is {=Paris =paris####');
    const { rows } = parseGift(written.content);
    expect(rows.every((r) => !r.error)).toBe(true);
    expect(rows.map((r) => r.question)).toEqual(KEY_QUESTIONS.slice(0, 5));
  });

  it('writes a blank at the end of the stem inside a paragraph, so it stays a missing word', () => {
    const blank = keyQuestion('blank', 'Two and two make ____', { blanks: [{ accepted: ['4', 'four'] }] });
    const written = writeGift([blank]);
    expect(written.content).toBe('[html]<p>Two and two make {=4 =four}</p>\n');
    expect(parseGift(written.content).rows[0]?.question).toEqual({ ...blank, stem: '<p>Two and two make ____</p>' });
  });

  it('skips what GIFT cannot express: several blanks, short answers by hand without answers, no number', () => {
    const questions = [
      keyQuestion('blank', '____ and ____', { blanks: [{ accepted: ['a'] }, { accepted: ['b'] }] }),
      keyQuestion('blank', 'No mark in the stem', { blanks: [{ accepted: ['a'] }] }),
      keyQuestion('short', 'By hand', { by_hand: true, rubric: [{ criterion: 'x', points: 1 }] }),
      keyQuestion('short', 'By hand, with answers', { by_hand: true, accepted: ['yes'] }),
      { type: 'numerical' as const, stem: 'Broken', options: [], analysis: '', spec: null },
    ];
    const written = writeGift(questions);
    expect(written.skipped.map((s) => s.index)).toEqual([0, 1, 2, 4]);
    expect(parseGift(written.content).rows[0]?.question?.spec?.accepted).toEqual(['yes']);
  });

  it('keeps the table and Aiken to the choices', async () => {
    const questions = [...SAMPLE_QUESTIONS, ...KEY_QUESTIONS];
    const skipped = KEY_QUESTIONS.map((_, i) => ({ index: SAMPLE_QUESTIONS.length + i, reason: 'type_not_supported' }));
    expect(writeAiken(questions).skipped).toEqual([{ index: 1, reason: 'multiple_not_supported' }, ...skipped]);
    expect((await writeTable(questions, 'en-US')).skipped).toEqual(skipped);
  });
});
