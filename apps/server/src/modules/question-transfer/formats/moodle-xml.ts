import { DIFFICULTIES, htmlText, type TDifficulty } from '@app/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { textToHtml } from './text.ts';
import {
  carriedByFormats,
  DEFAULT_JUDGE_LABELS,
  FormatFileError,
  type JudgeLabels,
  type ParsedRow,
  type ParseResult,
  type RowError,
  type TransferQuestion,
  type WriteResult,
} from './types.ts';

/**
 * Moodle XML (`<quiz><question type="...">`): `multichoice` (single or multiple by `<single>`, right answers
 * have a positive `fraction`) and `truefalse`. The question text and answers keep their HTML (format `html`;
 * other formats are read as plain text), `generalfeedback` is the analysis, and difficulty, source and setter
 * travel as tags `difficulty:easy`, `source:...`, `setter:...`. Category entries are skipped; other question types
 * are refused per question; embedded files (`@@PLUGINFILE@@` images) are dropped.
 */
type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, jpath) =>
    ['quiz.question', 'quiz.question.answer', 'quiz.question.tags.tag'].includes(String(jpath)),
});

const asNode = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const asText = (value: unknown): string => {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  const node = asNode(value);
  return typeof node['#text'] === 'string' ? node['#text'] : '';
};

/** A `<x format="..."><text>...</text></x>` element as HTML. */
function formatted(element: unknown, fallbackFormat = 'html'): string {
  const node = asNode(element);
  const text = asText(node.text).trim();
  const format = String(node['@_format'] ?? fallbackFormat);
  if (format !== 'html') return textToHtml(text);
  return text.replace(/<img\s[^>]*src="@@PLUGINFILE@@[^"]*"[^>]*>/gi, '').trim();
}

function parseQuestion(q: Node, labels: JudgeLabels): { question?: TransferQuestion; error?: RowError } {
  const type = String(q['@_type'] ?? '');
  const stem = formatted(q.questiontext);
  const analysis = formatted(q.generalfeedback);
  const answers = (q.answer as Node[] | undefined) ?? [];
  const extra: Pick<TransferQuestion, 'difficulty' | 'source' | 'setter'> = {};
  for (const tag of (asNode(q.tags).tag as Node[] | undefined) ?? []) {
    const [key, ...rest] = asText(asNode(tag).text).split(':');
    const value = rest.join(':').trim();
    if (key === 'difficulty' && (DIFFICULTIES as readonly string[]).includes(value)) {
      extra.difficulty = value as TDifficulty;
    } else if (key === 'source') extra.source = value;
    else if (key === 'setter') extra.setter = value;
  }
  if (type === 'truefalse') {
    const right = answers.find((a) => Number(a['@_fraction'] ?? 0) > 0);
    if (!right) return { error: { code: 'answer_missing', message: 'no right answer' } };
    const isTrue = asText(asNode(right).text).trim().toLowerCase() === 'true';
    const options = [
      { content: labels[0], correct: isTrue },
      { content: labels[1], correct: !isTrue },
    ];
    return { question: { type: 'judge', stem, options, analysis, ...extra } };
  }
  if (type !== 'multichoice') return { error: { code: 'type_unsupported', value: type, message: `type ${type}` } };
  if (answers.length === 0) return { error: { code: 'options_missing', message: 'no answers' } };
  const single = ['true', '1'].includes(asText(q.single).trim().toLowerCase());
  const options = answers.map((a) => ({
    content: formatted(a, 'moodle_auto_format'),
    correct: Number(a['@_fraction'] ?? 0) > 0,
  }));
  return { question: { type: single ? 'single' : 'multiple', stem, options, analysis, ...extra } };
}

/** Reads Moodle XML; each `<question>` (categories aside) is a row numbered from 1. Throws FormatFileError. */
export function parseMoodleXml(text: string, labels: JudgeLabels = DEFAULT_JUDGE_LABELS): ParseResult {
  const xml = text.replace(/^\uFEFF/, '');
  // No document type: its entities could expand without bound.
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new FormatFileError('doctype');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new FormatFileError('not_xml', `${valid.err.msg} (line ${valid.err.line})`);
  const document = asNode(parser.parse(xml));
  if (!('quiz' in document)) throw new FormatFileError('not_quiz');
  const questions = (asNode(document.quiz).question as Node[] | undefined) ?? [];
  const rows: ParsedRow[] = [];
  for (const q of questions) {
    if (q['@_type'] === 'category') continue;
    rows.push({ row: rows.length + 1, ...parseQuestion(q, labels) });
  }
  return { rows };
}

const cdata = (html: string) => `<![CDATA[${html.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const fraction = (count: number) => String(Number((100 / count).toFixed(5)));

function writeQuestion(question: TransferQuestion, index: number): string {
  const name = htmlText(question.stem).slice(0, 60) || `Q${index + 1}`;
  const lines = [
    `  <question type="${question.type === 'judge' ? 'truefalse' : 'multichoice'}">`,
    `    <name><text>${escapeXml(name)}</text></name>`,
    `    <questiontext format="html"><text>${cdata(question.stem)}</text></questiontext>`,
    `    <generalfeedback format="html"><text>${cdata(question.analysis)}</text></generalfeedback>`,
    '    <defaultgrade>1</defaultgrade>',
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
  ];
  if (question.type === 'judge') {
    const isTrue = question.options[0]?.correct ?? true;
    lines.push(
      `    <answer fraction="${isTrue ? 100 : 0}" format="moodle_auto_format"><text>true</text></answer>`,
      `    <answer fraction="${isTrue ? 0 : 100}" format="moodle_auto_format"><text>false</text></answer>`,
    );
  } else {
    const correct = question.options.filter((o) => o.correct).length || 1;
    lines.push(
      `    <single>${question.type === 'single'}</single>`,
      '    <shuffleanswers>true</shuffleanswers>',
      '    <answernumbering>ABCD</answernumbering>',
    );
    for (const option of question.options) {
      const value = option.correct
        ? fraction(question.type === 'single' ? 1 : correct)
        : question.type === 'single'
          ? '0'
          : '-100';
      lines.push(`    <answer fraction="${value}" format="html"><text>${cdata(option.content)}</text></answer>`);
    }
  }
  const tags = [
    question.difficulty ? `difficulty:${question.difficulty}` : '',
    question.source ? `source:${question.source}` : '',
    question.setter ? `setter:${question.setter}` : '',
  ].filter(Boolean);
  if (tags.length) {
    lines.push(`    <tags>${tags.map((tag) => `<tag><text>${escapeXml(tag)}</text></tag>`).join('')}</tags>`);
  }
  lines.push('  </question>');
  return lines.join('\n');
}

/** Questions as a Moodle XML quiz (the choice types; the others are skipped for now). */
export function writeMoodleXml(questions: readonly TransferQuestion[]): WriteResult {
  const skipped: WriteResult['skipped'] = [];
  const body = questions
    .filter((question, index) => {
      if (!carriedByFormats(question)) skipped.push({ index, reason: 'type_not_supported' });
      return carriedByFormats(question);
    })
    .map(writeQuestion)
    .join('\n');
  return {
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}${body ? '\n' : ''}</quiz>\n`,
    skipped,
  };
}
