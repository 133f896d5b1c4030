import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.ts';
import { content, SAMPLE_QUESTIONS } from './samples.test-data.ts';
import { parseTable, tableHeader, writeTable } from './table.ts';
import { FormatFileError } from './types.ts';

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="category"><category><text>$course$/top/Demo</text></category></question>
  <question type="multichoice">
    <name><text>Q1</text></name>
    <questiontext format="html"><text><![CDATA[<p>Pick <b>two</b> <img src="@@PLUGINFILE@@/a.png"></p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>Red &amp; blue.</p>]]></text></generalfeedback>
    <single>false</single>
    <answer fraction="50" format="html"><text>Red</text></answer>
    <answer fraction="50" format="html"><text>Blue</text></answer>
    <answer fraction="-100" format="html"><text>Dog</text></answer>
    <tags><tag><text>difficulty:hard</text></tag><tag><text>source:Book: ch. 2</text></tag></tags>
  </question>
  <question type="truefalse">
    <questiontext format="moodle_auto_format"><text>Water is wet &lt;always&gt;</text></questiontext>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
  <question type="calculated"><questiontext format="html"><text>{a} + {b}?</text></questiontext></question>
  <question type="truefalse"><questiontext format="html"><text>No answer</text></questiontext></question>
</quiz>`;

describe('Moodle XML', () => {
  it('reads multichoice and truefalse questions, their feedback and tags, and refuses other types', () => {
    const { rows } = parseMoodleXml(MOODLE, ['True', 'False']);
    expect(rows.map((r) => [r.row, r.error?.code ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'type_unsupported'],
      [4, 'answer_missing'],
    ]);
    expect(rows[0]!.question).toEqual({
      type: 'multiple',
      stem: '<p>Pick <b>two</b> </p>',
      options: [
        { content: 'Red', correct: true },
        { content: 'Blue', correct: true },
        { content: 'Dog', correct: false },
      ],
      analysis: '<p>Red &amp; blue.</p>',
      difficulty: 'hard',
      source: 'Book: ch. 2',
    });
    expect(rows[1]!.question).toEqual({
      type: 'judge',
      stem: 'Water is wet &lt;always&gt;',
      options: [
        { content: 'True', correct: false },
        { content: 'False', correct: true },
      ],
      analysis: '',
    });
    expect(rows[2]!.error?.value).toBe('calculated');
  });

  it('refuses files that are not a Moodle quiz', () => {
    expect(() => parseMoodleXml('<quiz><question></quiz>')).toThrow(FormatFileError);
    expect(() => parseMoodleXml('<root/>')).toThrow(/not_quiz/);
    expect(() => parseMoodleXml('<!DOCTYPE x [<!ENTITY a "b">]><quiz/>')).toThrow(/doctype/);
    expect(parseMoodleXml('<quiz></quiz>').rows).toEqual([]);
  });

  it('writes the choice types and reads them back the same, with difficulty, source and setter', () => {
    const questions = [
      ...SAMPLE_QUESTIONS.map((q) => ({ ...q, difficulty: 'easy' as const, source: 'src', setter: 'me' })),
      { ...SAMPLE_QUESTIONS[0]!, stem: '<p>CDATA ]]> end</p>', difficulty: 'medium' as const },
    ];
    const written = writeMoodleXml(questions);
    expect(written.content).toContain('<single>false</single>');
    const { rows } = parseMoodleXml(written.content, ['正确', '错误']);
    expect(rows.map((r) => r.question)).toEqual(questions);
  });
});

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('q');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('table template', () => {
  it('reads good and bad rows of a csv file in either language', async () => {
    const csv = [
      'type,stem,A,B,C,answer,analysis,difficulty,source,setter',
      'single,"2 < 3?",yes,no,,A,because,easy,book,Li',
      '多选题,Pick,x,y,z,"A,C",,难,,',
      '判断,Sky is blue,,,,正确,,,,',
      'judge,Custom,对,错,,B,,,,',
      'essay,Write,,,,,,,,',
      'single,Bad answer,a,b,,D,,,,',
      'single,Bad difficulty,a,b,,A,,very,,',
    ].join('\n');
    const { rows } = await parseTable('q.csv', Buffer.from(csv), 100);
    expect(rows.map((r) => [r.row, r.error?.code ?? 'ok'])).toEqual([
      [2, 'ok'],
      [3, 'ok'],
      [4, 'ok'],
      [5, 'ok'],
      [6, 'type_unknown'],
      [7, 'answer_wrong'],
      [8, 'difficulty_unknown'],
    ]);
    expect(rows[0]!.question).toEqual({
      type: 'single',
      stem: '2 &lt; 3?',
      options: [
        { content: 'yes', correct: true },
        { content: 'no', correct: false },
      ],
      analysis: 'because',
      difficulty: 'easy',
      source: 'book',
      setter: 'Li',
    });
    expect(rows[1]!.question?.options.map((o) => o.correct)).toEqual([true, false, true]);
    expect(rows[2]!.question?.options).toEqual([
      { content: '正确', correct: true },
      { content: '错误', correct: false },
    ]);
    expect(rows[3]!.question?.options.map((o) => o.correct)).toEqual([false, true]);
  });

  it('refuses a sheet without the type, stem and answer columns', async () => {
    await expect(parseTable('q.csv', Buffer.from('题干,解析\nx,y'), 100)).rejects.toThrow(/columns/);
  });

  it('writes the choice types to xlsx and reads them back the same, HTML kept where text would lose it', async () => {
    const questions = [
      ...SAMPLE_QUESTIONS.map((q) => ({ ...q, difficulty: 'hard' as const, source: 's', setter: 't' })),
      { ...SAMPLE_QUESTIONS[1]!, stem: '<p>Rich <b>text</b></p>', difficulty: 'easy' as const, source: '', setter: '' },
    ];
    for (const lang of ['zh-CN', 'en-US'] as const) {
      const written = await writeTable(questions, lang);
      const { rows } = await parseTable('q.xlsx', written.content, 100);
      expect(rows.map((r) => r.question)).toEqual(questions);
    }
  });

  it('reads the Chinese template header from xlsx', async () => {
    const file = await xlsx([tableHeader('zh-CN'), ['单选', '题', '甲', '乙', '', '', '', '', 'b', '', '中', '', '']]);
    const { rows } = await parseTable('t.xlsx', file, 100);
    expect(content(rows[0]!.question)).toEqual({
      type: 'single',
      stem: '题',
      options: [
        { content: '甲', correct: false },
        { content: '乙', correct: true },
      ],
      analysis: '',
    });
  });
});
