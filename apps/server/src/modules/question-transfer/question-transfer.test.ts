import { schema } from '@app/db';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../../testing/sessions.ts';
import { call, createTestApp, type TestApp } from '../../testing/test-app.ts';
import { unzipEntries, zipOf } from '../../testing/unzip.ts';
import { upload } from '../../testing/uploads.ts';
import { parseTable } from './formats/table.ts';

let t: TestApp;
let contentmgr: string;
let teacher: string;

const unique = () => Math.random().toString(36).slice(2, 8);

async function newCategory(): Promise<number> {
  const result = await call(t.app, '/dataset-category/create', { name: `导入-${unique()}` }, { token: contentmgr });
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data.id;
}

const importFile = (categoryId: number, name: string, content: string | Buffer, format?: string, token = contentmgr) =>
  upload(
    t.app,
    '/dataset-data/import',
    { category_id: categoryId, format },
    [{ name, content: typeof content === 'string' ? Buffer.from(content) : content }],
    { token },
  );

interface Report {
  total: number;
  succeeded: number;
  failed: number;
  rows: { row: number; ok: boolean; question_id?: number; error?: string; message?: string }[];
}

async function imported(categoryId: number, name: string, content: string | Buffer): Promise<Report> {
  const result = await importFile(categoryId, name, content);
  expect(result.status, JSON.stringify(result.body)).toBe(200);
  return result.body.data;
}

/** What a round trip must keep: type, stem, options with answers, analysis; sorted by stem. */
async function contents(ids: number[]) {
  const details = await Promise.all(
    ids.map(async (id) => (await call(t.app, '/dataset-data/detail', { id }, { token: contentmgr })).body.data),
  );
  return details
    .map((d) => ({ type: d.type, stem: d.stem, options: d.options, analysis: d.analysis }))
    .sort((a, b) => a.stem.localeCompare(b.stem));
}

beforeAll(async () => {
  t = await createTestApp();
  contentmgr = await sessionFor(t, 'contentmgr');
  teacher = await sessionFor(t, 'teacher');
});
afterAll(() => t.close());

describe('/dataset-data/import-template', () => {
  it('is an xlsx file with the header and one example of each type, which imports as it is', async () => {
    const result = await call(t.app, '/dataset-data/import-template', {}, { token: teacher });
    expect(result.status).toBe(200);
    const file = Buffer.from(result.body.data.content_base64, 'base64');
    expect(result.body.data.file_name).toMatch(/\.xlsx$/);
    const { rows } = await parseTable('template.xlsx', file, 100);
    expect(rows.map((r) => r.question?.type)).toEqual(['single', 'multiple', 'judge']);
    const report = await imported(await newCategory(), 'template.xlsx', file);
    expect(report).toMatchObject({ total: 3, succeeded: 3, failed: 0 });
  });

  it('is refused, creating nothing, when its sheet is padded into a zip bomb', async () => {
    const result = await call(t.app, '/dataset-data/import-template', {}, { token: teacher });
    const entries = await unzipEntries(Buffer.from(result.body.data.content_base64, 'base64'));
    const sheet = 'xl/worksheets/sheet1.xml';
    entries.set(sheet, Buffer.concat([entries.get(sheet) ?? Buffer.alloc(0), Buffer.alloc(20 * 1024 * 1024, 0x20)]));
    const files = [...entries].filter(([name]) => !name.endsWith('/'));
    const bomb = await zipOf(files.map(([name, content]) => ({ name, content })));
    const categoryId = await newCategory();
    const refused = await importFile(categoryId, 'template.xlsx', bomb);
    expect(refused).toMatchObject({ status: 400, body: { error: 'zip_too_large', details: { reason: 'ratio' } } });
    const [left] = await t.deps.db
      .select({ count: count() })
      .from(schema.questions)
      .where(eq(schema.questions.categoryId, categoryId));
    expect(left?.count).toBe(0);
  });
});

describe('/dataset-data/import', () => {
  it('imports the good rows of a table as unreviewed questions and reports each bad row with its reason', async () => {
    const categoryId = await newCategory();
    const csv = [
      '题型,题干,选项A,选项B,选项C,正确答案,解析,难度,来源,出题人',
      '单选,法国的首都是？,巴黎,里昂,尼斯,A,巴黎是首都。,易,教材,李老师',
      '判断,地球是圆的。,,,,正确,,,,',
      '问答,这是什么题型？,,,,,,,,',
      '单选,两个答案的单选题,甲,乙,,AB,,,,',
      '多选,,甲,乙,,AB,,,,',
      '单选,答案超出选项,甲,乙,,D,,,,',
      '多选,包含以上都对,甲,乙,以上都对,AB,,,,',
      `单选,来源太长,甲,乙,,A,,,${'x'.repeat(101)},`,
    ].join('\n');
    const report = await imported(categoryId, 'questions.csv', csv);
    expect(report).toMatchObject({ total: 8, succeeded: 2, failed: 6 });
    expect(report.rows.map((r) => [r.row, r.ok, r.error])).toEqual([
      [2, true, undefined],
      [3, true, undefined],
      [4, false, 'type_unknown'],
      [5, false, 'question_single_one_correct'],
      [6, false, 'question_stem_required'],
      [7, false, 'answer_wrong'],
      [8, false, 'question_multiple_all_of_above'],
      [9, false, 'invalid_input'],
    ]);
    expect(report.rows[7]!.message).toMatch(/^source: /);
    expect(report.rows[2]!.message).toBe('Unknown question type "问答": use single, multiple or judge');
    expect(report.rows[3]!.message).toMatch(/one/i);
    const detail = await call(
      t.app,
      '/dataset-data/detail',
      { id: report.rows[0]!.question_id },
      { token: contentmgr },
    );
    expect(detail.body.data).toMatchObject({
      category_id: categoryId,
      type: 'single',
      stem: '法国的首都是？',
      review_status: 'unreviewed',
      difficulty: 'easy',
      source: '教材',
      setter: '李老师',
      options: [
        { content: '巴黎', correct: true },
        { content: '里昂', correct: false },
        { content: '尼斯', correct: false },
      ],
    });
    const judge = await call(t.app, '/dataset-data/detail', { id: report.rows[1]!.question_id }, { token: contentmgr });
    expect(judge.body.data.options).toEqual([
      { content: 'True', correct: true },
      { content: 'False', correct: false },
    ]);
    const records = await call(
      t.app,
      '/dataset-data/records',
      { id: report.rows[0]!.question_id },
      { token: contentmgr },
    );
    expect(records.body.data.list[0]!.action).toBe('import');
  });

  it('refuses a category that has not passed review, and files it cannot read', async () => {
    const categoryId = await newCategory();
    const [own] = await t.deps.db
      .select({ siteId: schema.questionCategories.siteId })
      .from(schema.questionCategories)
      .where(eq(schema.questionCategories.id, categoryId));
    const [pending] = await t.deps.db
      .insert(schema.questionCategories)
      .values({ siteId: own!.siteId, name: `pending ${unique()}` })
      .returning({ id: schema.questionCategories.id });
    const aiken = 'Q?\nA. a\nB. b\nANSWER: A\n';
    const refused = await importFile(pending!.id, 'q.txt', aiken);
    expect(refused.body.error).toBe('category_not_passed');

    const cases: [string, string | Buffer, string | undefined, string][] = [
      ['q.xml', '<root/>', undefined, 'not_quiz'],
      ['q.xml', '<quiz><question>', undefined, 'not_xml'],
      ['q.pdf', 'x', undefined, 'type'],
      ['q.xls', Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0, 0]), undefined, 'xls'],
      ['q.csv', '解析,难度\nx,易', undefined, 'columns'],
      ['q.gift', '// only a comment\n', undefined, 'empty'],
      ['q.txt', Buffer.from([0xff, 0xfe, 0x41]), 'gift', 'encoding'],
    ];
    for (const [name, content, format, reason] of cases) {
      const result = await importFile(categoryId, name, content, format);
      expect(result.status, name).toBe(400);
      expect(result.body.error, name).toBe('question_file_wrong');
      expect(result.body.details, name).toHaveProperty('reason', reason);
    }
    const xml = await importFile(categoryId, 'q.xml', '<root/>');
    expect(xml.body.message).toBe('The file could not be read as Moodle XML: it has no <quiz> element');
  });
});

const GIFT = `// sample
::Q1:: 以下哪个是矩形框的用途？ {
  =标注车辆 #对
  ~转写音频
  ####矩形框用于<目标检测>。
}

Which are colours\\? {~%50%Red ~%50%Blue ~%-100%Dog ####Red and blue.}

[html]<p>The <b>sun</b> is hot \\{always\\}.</p>{T}
`;

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
  <question type="multichoice">
    <questiontext format="html"><text><![CDATA[<p>Pick <em>two</em> of a & b</p>]]></text></questiontext>
    <generalfeedback format="html"><text><![CDATA[<p>See <a href="https://example.com">this</a>.</p>]]></text></generalfeedback>
    <single>false</single>
    <answer fraction="50" format="html"><text><![CDATA[<p>a</p>]]></text></answer>
    <answer fraction="50" format="html"><text><![CDATA[<p>b</p>]]></text></answer>
    <answer fraction="-100" format="html"><text><![CDATA[<p>c</p>]]></text></answer>
  </question>
  <question type="multichoice">
    <questiontext format="plain_text"><text>One of them: x &lt; y</text></questiontext>
    <single>true</single>
    <answer fraction="100"><text>yes</text></answer>
    <answer fraction="0"><text>no</text></answer>
  </question>
  <question type="truefalse">
    <questiontext format="html"><text>Water is dry.</text></questiontext>
    <generalfeedback format="html"><text>It is wet.</text></generalfeedback>
    <answer fraction="0"><text>true</text></answer>
    <answer fraction="100"><text>false</text></answer>
  </question>
</quiz>`;

const AIKEN = `What is 1 + 1?
A. 1
B. 2
ANSWER: B

The sky is green.
A. True
B. False
ANSWER: B
`;

describe('import, export, import again', () => {
  const formats: [string, string, string, number][] = [
    ['gift', 'sample.gift', GIFT, 3],
    ['moodle_xml', 'sample.xml', MOODLE, 3],
    ['aiken', 'sample.txt', AIKEN, 2],
    ['xlsx', 'sample.xml', MOODLE, 3],
  ];
  it.each(formats)('%s keeps stems, options, answers and analyses', async (format, name, content, count) => {
    const first = await newCategory();
    const report = await imported(first, name, content);
    expect(report, JSON.stringify(report.rows)).toMatchObject({ total: count, succeeded: count });
    const exported = await call(t.app, '/dataset-data/export', { category_id: first, format }, { token: contentmgr });
    expect(exported.status, JSON.stringify(exported.body)).toBe(200);
    expect(exported.body.data).toMatchObject({ count, skipped: 0 });
    const second = await newCategory();
    const file = Buffer.from(exported.body.data.content_base64, 'base64');
    const again = await imported(second, exported.body.data.file_name, file);
    expect(again, JSON.stringify(again.rows)).toMatchObject({ total: count, succeeded: count });
    const ids = (r: Report) => r.rows.map((row) => row.question_id!);
    expect(await contents(ids(again))).toEqual(await contents(ids(report)));
  });

  it('leaves multiple-choice questions out of Aiken and says how many', async () => {
    const categoryId = await newCategory();
    await imported(categoryId, 'sample.gift', GIFT);
    const exported = await call(
      t.app,
      '/dataset-data/export',
      { category_id: categoryId, format: 'aiken' },
      { token: contentmgr },
    );
    expect(exported.body.data).toMatchObject({ count: 2, skipped: 1, mime: expect.stringContaining('text/plain') });
    const text = Buffer.from(exported.body.data.content_base64, 'base64').toString('utf8');
    expect(text).toContain('ANSWER: A');
    expect(text).not.toContain('colours');
  });

  it('exports what the list filters show', async () => {
    const categoryId = await newCategory();
    await imported(categoryId, 'sample.gift', GIFT);
    const filter = { category_id: categoryId, type: 'judge', format: 'gift' };
    const exported = await call(t.app, '/dataset-data/export', filter, { token: contentmgr });
    expect(exported.body.data.count).toBe(1);
    const text = Buffer.from(exported.body.data.content_base64, 'base64').toString('utf8');
    expect(text).toContain('{T');
    const none = await call(
      t.app,
      '/dataset-data/export',
      { ...filter, keyword: 'nothing-like-this' },
      { token: contentmgr },
    );
    expect(none.body.data.count).toBe(0);
  });
});
