import { DIFFICULTIES, htmlText, isChoiceType, type TDifficulty } from '@app/contracts';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { readMoodleKey } from './moodle-xml-keys.ts';
import { writeMoodleKey } from './moodle-xml-keys-write.ts';
import { answersOf, asNode, asText, cdata, escapeXml, formatted, type Node } from './moodle-xml-nodes.ts';
import {
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
 * have a positive `fraction`) and `truefalse` here; `shortanswer`, `numerical`, `matching`, `essay`, `ordering` and
 * `cloze` in `moodle-xml-keys.ts` (read) and `moodle-xml-keys-write.ts`. The question text and answers keep their
 * HTML (format `html`; other formats are read as plain text), `generalfeedback` is the analysis, and difficulty,
 * source and setter travel as tags `difficulty:easy`, `source:...`, `setter:...`. Category entries are skipped;
 * other question types are refused per question; embedded files (`@@PLUGINFILE@@` images) are dropped.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
  htmlEntities: false,
  isArray: (_name, jpath) =>
    [
      'quiz.question',
      'quiz.question.answer',
      'quiz.question.tags.tag',
      'quiz.question.subquestion',
      'quiz.question.units.unit',
    ].includes(String(jpath)),
});

function parseQuestion(q: Node, labels: JudgeLabels): { question?: TransferQuestion; error?: RowError } {
  const type = String(q['@_type'] ?? '');
  const stem = formatted(q.questiontext);
  const analysis = formatted(q.generalfeedback);
  const answers = answersOf(q);
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
  if (type !== 'multichoice') {
    const keyed = readMoodleKey(type, q, { stem, analysis, extra });
    return keyed ?? { error: { code: 'type_unsupported', value: type, message: `type ${type}` } };
  }
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

const fraction = (count: number) => String(Number((100 / count).toFixed(5)));

function choiceLines(question: TransferQuestion): string[] {
  if (question.type === 'judge') {
    const isTrue = question.options[0]?.correct ?? true;
    return [
      `    <answer fraction="${isTrue ? 100 : 0}" format="moodle_auto_format"><text>true</text></answer>`,
      `    <answer fraction="${isTrue ? 0 : 100}" format="moodle_auto_format"><text>false</text></answer>`,
    ];
  }
  const correct = question.options.filter((o) => o.correct).length || 1;
  const lines = [
    `    <single>${question.type === 'single'}</single>`,
    '    <shuffleanswers>true</shuffleanswers>',
    '    <answernumbering>ABCD</answernumbering>',
  ];
  for (const option of question.options) {
    const value = option.correct
      ? fraction(question.type === 'single' ? 1 : correct)
      : question.type === 'single'
        ? '0'
        : '-100';
    lines.push(`    <answer fraction="${value}" format="html"><text>${cdata(option.content)}</text></answer>`);
  }
  return lines;
}

/** One question as XML, null when the format cannot carry it. */
function writeQuestion(question: TransferQuestion, index: number): string | null {
  const choice = isChoiceType(question.type);
  const key = choice ? null : writeMoodleKey(question);
  if (!choice && !key) return null;
  const type = key?.type ?? (question.type === 'judge' ? 'truefalse' : 'multichoice');
  const name = htmlText(question.stem).slice(0, 60) || `Q${index + 1}`;
  const lines = [
    `  <question type="${type}">`,
    `    <name><text>${escapeXml(name)}</text></name>`,
    `    <questiontext format="html"><text>${cdata(key?.questionText ?? question.stem)}</text></questiontext>`,
    `    <generalfeedback format="html"><text>${cdata(question.analysis)}</text></generalfeedback>`,
    // A cloze question's grade is the sum of its parts' (Moodle writes none).
    ...(type === 'cloze' ? [] : ['    <defaultgrade>1</defaultgrade>']),
    '    <penalty>0</penalty>',
    '    <hidden>0</hidden>',
    ...(key ? key.lines : choiceLines(question)),
  ];
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

/** Questions as a Moodle XML quiz; those it cannot carry (`writeMoodleKey`) are skipped with `type_not_supported`. */
export function writeMoodleXml(questions: readonly TransferQuestion[]): WriteResult {
  const skipped: WriteResult['skipped'] = [];
  const written: string[] = [];
  questions.forEach((question, index) => {
    const xml = writeQuestion(question, index);
    if (xml === null) skipped.push({ index, reason: 'type_not_supported' });
    else written.push(xml);
  });
  const body = written.join('\n');
  return {
    content: `<?xml version="1.0" encoding="UTF-8"?>\n<quiz>\n${body}${body ? '\n' : ''}</quiz>\n`,
    skipped,
  };
}
