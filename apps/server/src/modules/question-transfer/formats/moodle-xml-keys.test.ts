import { describe, expect, it } from 'vitest';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.ts';
import { keyQuestion, MOODLE_KEY_QUESTIONS } from './samples.test-data.ts';

/** Questions as Moodle exports them (question/format/xml, qtype_ordering), trimmed of what the import ignores. */
const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="shortanswer">
    <name><text>SA</text></name>
    <questiontext format="html"><text><![CDATA[<p>Chemical formula of salt?</p>]]></text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <usecase>1</usecase>
    <answer fraction="100" format="moodle_auto_format"><text>NaCl</text><feedback format="html"><text>Yes</text></feedback></answer>
    <answer fraction="50" format="moodle_auto_format"><text>Na</text></answer>
    <answer fraction="100" format="moodle_auto_format"><text>Na*</text></answer>
    <answer fraction="100" format="moodle_auto_format"><text>Na\\*Cl</text></answer>
  </question>
  <question type="numerical">
    <questiontext format="moodle_auto_format"><text>Length of the side, 3 &lt; x?</text></questiontext>
    <answer fraction="100"><text>3.5</text><tolerance>0.05</tolerance></answer>
    <answer fraction="0"><text>*</text><tolerance>0</tolerance></answer>
    <units>
      <unit><multiplier>10</multiplier><unit_name>mm</unit_name></unit>
      <unit><multiplier>1</multiplier><unit_name>cm</unit_name></unit>
    </units>
    <unitgradingtype>0</unitgradingtype>
  </question>
  <question type="matching">
    <questiontext format="html"><text>Match</text></questiontext>
    <shuffleanswers>true</shuffleanswers>
    <subquestion format="html"><text><![CDATA[<p>H</p>]]></text><answer><text>hydrogen</text></answer></subquestion>
    <subquestion format="html"><text><![CDATA[<p>O</p>]]></text><answer><text>oxygen &amp; co</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text>helium</text></answer></subquestion>
    <subquestion format="html"><text></text><answer><text></text></answer></subquestion>
  </question>
  <question type="essay">
    <questiontext format="html"><text>Write about labels</text></questiontext>
    <generalfeedback format="html"><text></text></generalfeedback>
    <responseformat>editor</responseformat>
    <minwordlimit></minwordlimit>
    <maxwordlimit>500</maxwordlimit>
    <attachments>-1</attachments>
    <graderinfo format="html"><text><![CDATA[<p>Look for boxes.</p>]]></text></graderinfo>
  </question>
  <question type="ordering">
    <questiontext format="html"><text>Order</text></questiontext>
    <layouttype>VERTICAL</layouttype>
    <selecttype>ALL</selecttype>
    <gradingtype>RELATIVE_NEXT_EXCLUDE_LAST</gradingtype>
    <answer fraction="1.0000000" format="html"><text><![CDATA[<p>first</p>]]></text></answer>
    <answer fraction="2.0000000" format="moodle_auto_format"><text>second</text></answer>
    <answer fraction="3.0000000" format="html"><text></text></answer>
    <answer fraction="4.0000000" format="html"><text>third</text></answer>
  </question>
  <question type="cloze">
    <questiontext format="html"><text><![CDATA[<p>{1:SHORTANSWER:=Paris~%100%paris~%0%Lyon#no} is in {2:SAC:=France~=The \\} &amp; \\#1 \\~ \\/ team}.</p>]]></text></questiontext>
    <generalfeedback format="html"><text>Capitals.</text></generalfeedback>
  </question>
  <question type="cloze">
    <questiontext format="html"><text><![CDATA[Pick {1:MULTICHOICE:=a~b} and {1:SA:=c}]]></text></questiontext>
  </question>
  <question type="multianswer"><questiontext format="html"><text>No embedded answers</text></questiontext></question>
  <question type="numerical"><questiontext format="html"><text>Bad</text></questiontext><answer fraction="100"><text>abc</text></answer></question>
  <question type="numerical"><questiontext format="html"><text>Partial</text></questiontext><answer fraction="50"><text>2</text></answer></question>
  <question type="ddwtos"><questiontext format="html"><text>Drag</text></questiontext></question>
</quiz>`;

describe('Moodle XML keys', () => {
  it('reads short answer, numerical, matching, essay, ordering and cloze questions as Moodle writes them', () => {
    const { rows } = parseMoodleXml(MOODLE);
    expect(rows.map((r) => [r.row, r.error?.code ?? r.question?.type, r.error?.value])).toEqual([
      [1, 'short', undefined],
      [2, 'numerical', undefined],
      [3, 'matching', undefined],
      [4, 'essay', undefined],
      [5, 'ordering', undefined],
      [6, 'blank', undefined],
      [7, 'type_unsupported', 'cloze MULTICHOICE'],
      [8, 'answer_missing', undefined],
      [9, 'syntax', 'abc'],
      [10, 'answer_missing', undefined],
      [11, 'type_unsupported', 'ddwtos'],
    ]);
    const questions = rows.map((r) => r.question);
    expect(questions[0]).toEqual(
      keyQuestion('short', '<p>Chemical formula of salt?</p>', { accepted: ['NaCl', 'Na*Cl'], case_sensitive: true }),
    );
    expect(questions[1]).toEqual(
      keyQuestion('numerical', 'Length of the side, 3 &lt; x?', { value: 3.5, tolerance: 0.05, unit: 'cm' }),
    );
    expect(questions[2]?.spec).toEqual({
      pairs: [
        { left: '<p>H</p>', right: 'hydrogen' },
        { left: '<p>O</p>', right: 'oxygen &amp; co' },
      ],
      distractors: ['helium'],
    });
    expect(questions[3]).toEqual(
      keyQuestion('essay', 'Write about labels', { word_limit: 500, file_answers: true }, '<p>Look for boxes.</p>'),
    );
    expect(questions[4]?.spec).toEqual({ items: ['<p>first</p>', 'second', 'third'] });
    expect(questions[5]).toEqual(
      keyQuestion(
        'blank',
        '<p>____ is in ____.</p>',
        { blanks: [{ accepted: ['Paris', 'paris'] }, { accepted: ['France', 'The } & #1 ~ / team'] }] },
        'Capitals.',
      ),
    );
  });

  it('writes every key type and reads it back the same, with difficulty, source and setter', () => {
    const questions = MOODLE_KEY_QUESTIONS.map((q) => ({
      ...q,
      difficulty: 'hard' as const,
      source: 's',
      setter: 't',
    }));
    const written = writeMoodleXml(questions);
    expect(written.skipped).toEqual([]);
    for (const type of ['shortanswer', 'numerical', 'matching', 'essay', 'ordering', 'cloze']) {
      expect(written.content).toContain(`<question type="${type}">`);
    }
    expect(written.content).toContain('{1:SHORTANSWER:=Paris~=paris}');
    expect(written.content).toContain('{1:SHORTANSWER_C:=France~=AT&amp;T &lt;x&gt; \\}\\#\\~ a\\*b}');
    expect(written.content).toContain('<unit_name>cm</unit_name>');
    const { rows } = parseMoodleXml(written.content);
    expect(rows.every((r) => !r.error)).toBe(true);
    expect(rows.map((r) => r.question)).toEqual(questions);
  });

  it('skips what it cannot express: blanks the stem does not mark, short answers by hand without answers', () => {
    const questions = [
      keyQuestion('blank', 'One mark ____ for two', { blanks: [{ accepted: ['a'] }, { accepted: ['b'] }] }),
      keyQuestion('short', 'By hand', { by_hand: true }),
      { type: 'numerical' as const, stem: 'No value', options: [], analysis: '', spec: null },
      keyQuestion('essay', 'Kept', { rubric: [{ criterion: 'Clear', points: 5 }] }),
    ];
    const written = writeMoodleXml(questions);
    expect(written.skipped.map((s) => s.index)).toEqual([0, 1, 2]);
    // The rubric is not part of Moodle's essay: it is lost.
    expect(parseMoodleXml(written.content).rows[0]?.question).toEqual(keyQuestion('essay', 'Kept', {}));
  });
});
