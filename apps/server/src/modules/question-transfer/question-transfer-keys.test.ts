import { specOf } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { upload } from '../../testing/uploads.ts';

/** `/dataset-data/import` and `/dataset-data/export` with the types whose key is `spec` (GIFT and Moodle XML). */
let t: TestApp;
let contentmgr: string;

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
});
afterAll(() => t.close());

async function newCategory(): Promise<number> {
  const name = `导入-${Math.random().toString(36).slice(2, 8)}`;
  const result = await call(t.app, '/dataset-category/create', { name }, { token: contentmgr });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.id;
}

interface Report {
  total: number;
  succeeded: number;
  rows: { row: number; ok: boolean; question_id?: number; error?: string; message?: string }[];
}

async function imported(categoryId: number, name: string, content: string | Buffer): Promise<Report> {
  const files = [{ name, content: typeof content === 'string' ? Buffer.from(content) : content }];
  const result = await upload(t.app, '/dataset-data/import', { category_id: categoryId }, files, { token: contentmgr });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

/** Type, stem, key and analysis of the created questions, in the rows' order. */
async function created(report: Report) {
  const ids = report.rows.flatMap((row) => (row.question_id === undefined ? [] : [row.question_id]));
  const details = await Promise.all(
    ids.map(async (id) => (await call(t.app, '/dataset-data/detail', { id }, { token: contentmgr })).body.data),
  );
  return details.map((d) => ({ type: d.type, stem: d.stem, spec: d.spec, options: d.options, analysis: d.analysis }));
}

async function exported(categoryId: number, format: string) {
  const result = await call(t.app, '/dataset-data/export', { category_id: categoryId, format }, { token: contentmgr });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

const GIFT = `Who's buried in Grant's tomb?{=no one =nobody}

The capital is {=Paris =paris} of France.

When was Ulysses S. Grant born?{#1820..1824 ####Born 1822.}

Match the elements. {
  =H -> hydrogen
  =O -> oxygen
  = -> helium
}

[html]<p>Explain why.</p>{}

One pair only {=a -> 1}

Wildcards only {=*}

Too long an answer {=${'x'.repeat(201)}}
`;

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="shortanswer">
    <questiontext format="html"><text>Formula of salt?</text></questiontext>
    <usecase>1</usecase>
    <answer fraction="100"><text>NaCl</text></answer>
  </question>
  <question type="numerical">
    <questiontext format="html"><text>Side?</text></questiontext>
    <answer fraction="100"><text>3.5</text><tolerance>0.05</tolerance></answer>
    <units><unit><multiplier>1</multiplier><unit_name>cm</unit_name></unit></units>
  </question>
  <question type="essay">
    <questiontext format="html"><text><![CDATA[<p>Draw a box.</p>]]></text></questiontext>
    <maxwordlimit>200</maxwordlimit>
    <attachments>1</attachments>
    <graderinfo format="html"><text><![CDATA[<p>Tight boxes.</p>]]></text></graderinfo>
  </question>
  <question type="ordering">
    <questiontext format="html"><text>Order</text></questiontext>
    <answer fraction="1" format="html"><text>Draw</text></answer>
    <answer fraction="2" format="html"><text>Check</text></answer>
    <answer fraction="3" format="html"><text>Submit</text></answer>
  </question>
  <question type="cloze">
    <questiontext format="html"><text><![CDATA[<p>{1:SA:=Paris} is in {1:SA:=France~=france}.</p>]]></text></questiontext>
  </question>
  <question type="cloze">
    <questiontext format="html"><text><![CDATA[<p>{1:MC:=a~b}</p>]]></text></questiontext>
  </question>
  <question type="ordering">
    <questiontext format="html"><text>One item</text></questiontext>
    <answer fraction="1" format="html"><text>Only</text></answer>
  </question>
</quiz>`;

describe('importing and exporting the types whose key is spec', () => {
  it('creates GIFT short answer, blank, numerical, matching and essay questions with their key', async () => {
    const report = await imported(await newCategory(), 'keys.gift', GIFT);
    expect(report.rows.map((r) => [r.row, r.error ?? 'ok'])).toEqual([
      [1, 'ok'],
      [3, 'ok'],
      [5, 'ok'],
      [7, 'ok'],
      [13, 'ok'],
      [15, 'question_pairs_required'],
      [17, 'question_accepted_required'],
      [19, 'invalid_input'],
    ]);
    expect(report.rows[5]!.message).toBe(
      'A matching question needs at least two pairs, each with both sides filled in',
    );
    expect(report.rows[7]!.message).toMatch(/^spec\.accepted/);
    const questions = await created(report);
    expect(questions.map((q) => q.spec)).toEqual([
      specOf('short', { accepted: ['no one', 'nobody'] }),
      specOf('blank', { blanks: [{ accepted: ['Paris', 'paris'] }] }),
      specOf('numerical', { value: 1822, tolerance: 2 }),
      specOf('matching', {
        pairs: [
          { left: 'H', right: 'hydrogen' },
          { left: 'O', right: 'oxygen' },
        ],
        distractors: ['helium'],
      }),
      specOf('essay', {}),
    ]);
    expect(questions[1]).toMatchObject({ type: 'blank', stem: 'The capital is ____ of France.', options: [] });
    expect(questions[2]!.analysis).toBe('Born 1822.');
  });

  it('creates Moodle XML questions with their key, refuses other cloze parts, and exports them again', async () => {
    const categoryId = await newCategory();
    const report = await imported(categoryId, 'keys.xml', MOODLE);
    expect(report.rows.map((r) => [r.row, r.error ?? 'ok'])).toEqual([
      [1, 'ok'],
      [2, 'ok'],
      [3, 'ok'],
      [4, 'ok'],
      [5, 'ok'],
      [6, 'type_unsupported'],
      [7, 'question_items_required'],
    ]);
    const questions = await created(report);
    expect(questions.map((q) => q.spec)).toEqual([
      specOf('short', { accepted: ['NaCl'], case_sensitive: true }),
      specOf('numerical', { value: 3.5, tolerance: 0.05, unit: 'cm' }),
      specOf('essay', { word_limit: 200, file_answers: true }),
      specOf('ordering', { items: ['Draw', 'Check', 'Submit'] }),
      specOf('blank', { blanks: [{ accepted: ['Paris'] }, { accepted: ['France', 'france'] }] }),
    ]);
    expect(questions[2]!.analysis).toBe('<p>Tight boxes.</p>');
    expect(questions[4]!.stem).toBe('<p>____ is in ____.</p>');

    const xml = await exported(categoryId, 'moodle_xml');
    expect(xml).toMatchObject({ count: 5, skipped: 0 });
    const again = await imported(await newCategory(), xml.file_name, Buffer.from(xml.content_base64, 'base64'));
    expect(again, JSON.stringify(again.rows)).toMatchObject({ total: 5, succeeded: 5 });
    const byStem = (list: { stem: string }[]) => [...list].sort((a, b) => a.stem.localeCompare(b.stem));
    expect(byStem(await created(again))).toEqual(byStem(questions));

    // GIFT has no ordering question and no cloze with two blanks; the table and Aiken carry choices only.
    expect(await exported(categoryId, 'gift')).toMatchObject({ count: 3, skipped: 2 });
    expect(await exported(categoryId, 'xlsx')).toMatchObject({ count: 0, skipped: 5 });
    expect(await exported(categoryId, 'aiken')).toMatchObject({ count: 0, skipped: 5 });
  });
});
