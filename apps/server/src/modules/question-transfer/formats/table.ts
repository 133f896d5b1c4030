import { OPTION_LETTERS, type TChoiceType, type TDifficulty, type TQuestionType } from '@app/contracts';
import type { Lang } from '@app/i18n';
import ExcelJS from 'exceljs';
import { readSheet } from '../../../platform/spreadsheet.ts';
import { cellToHtml, htmlToCell, judgeWord } from './text.ts';
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
 * The spreadsheet template (.xlsx or .csv), one question a row: 题型/type, 题干/stem, 选项A..选项F/A..F,
 * 正确答案/answer (letters such as `AC`; for true/false also 正确/错误, T/F), 解析/analysis, 难度/difficulty
 * (易/中/难, easy/medium/hard), 来源/source, 出题人/setter. Headers are read in either language; cells with
 * markup are kept as HTML, other cells are plain text.
 */
export type TableColumn =
  | 'type'
  | 'stem'
  | `option_${Lowercase<(typeof OPTION_LETTERS)[number]>}`
  | 'answer'
  | 'analysis'
  | 'difficulty'
  | 'source'
  | 'setter';

const OPTION_COLUMNS = OPTION_LETTERS.map((l) => `option_${l.toLowerCase()}` as TableColumn);
export const TABLE_COLUMNS: readonly TableColumn[] = [
  'type',
  'stem',
  ...OPTION_COLUMNS,
  'answer',
  'analysis',
  'difficulty',
  'source',
  'setter',
];

const ZH_TITLES: Record<TableColumn, string> = {
  type: '题型',
  stem: '题干',
  option_a: '选项A',
  option_b: '选项B',
  option_c: '选项C',
  option_d: '选项D',
  option_e: '选项E',
  option_f: '选项F',
  answer: '正确答案',
  analysis: '解析',
  difficulty: '难度',
  source: '来源',
  setter: '出题人',
};

const key = (text: string) => text.toLowerCase().replace(/[\s_\-()（）]/g, '');
const ALIASES = new Map<string, TableColumn>();
const alias = (column: TableColumn, ...names: string[]) => {
  for (const name of names) ALIASES.set(key(name), column);
};
for (const column of TABLE_COLUMNS) alias(column, column, ZH_TITLES[column]);
for (const letter of OPTION_LETTERS) {
  alias(`option_${letter.toLowerCase()}` as TableColumn, letter, `option ${letter}`, `选项${letter}`);
}
alias('type', '类型', '题目类型', 'question type');
alias('stem', '题目', '题干内容', 'question');
alias('answer', '答案', 'correct', 'correct answer');
alias('analysis', '答案解析', 'explanation');
alias('setter', 'author', '作者');

const TYPE_WORDS: Record<string, TQuestionType> = {};
const DIFFICULTY_WORDS: Record<string, TDifficulty> = {};
const words = <T extends string>(target: Record<string, T>, value: T, list: string[]) => {
  for (const word of [value, ...list]) target[key(word)] = value;
};
words(TYPE_WORDS, 'single', ['单选', '单选题', '单项选择', '单项选择题', 'single choice']);
words(TYPE_WORDS, 'multiple', ['多选', '多选题', '多项选择', '多项选择题', 'multiple choice']);
words(TYPE_WORDS, 'judge', ['判断', '判断题', 'true/false', 'truefalse', 'true false', 'tf']);
words(DIFFICULTY_WORDS, 'easy', ['易', '简单', '容易']);
words(DIFFICULTY_WORDS, 'medium', ['中', '中等', '一般', '适中']);
words(DIFFICULTY_WORDS, 'hard', ['难', '困难', '较难']);

/** Reads one row's cells into a question, or the first thing that cannot be read. */
function readRow(
  cell: (column: TableColumn) => string,
  labels: JudgeLabels,
): { question?: TransferQuestion; error?: RowError } {
  const typeCell = cell('type');
  const type = TYPE_WORDS[key(typeCell)];
  if (!type) return { error: { code: 'type_unknown', value: typeCell, message: `type "${typeCell}"` } };
  const difficultyCell = cell('difficulty');
  const difficulty = difficultyCell ? DIFFICULTY_WORDS[key(difficultyCell)] : undefined;
  if (difficultyCell && !difficulty) {
    return { error: { code: 'difficulty_unknown', value: difficultyCell, message: `difficulty "${difficultyCell}"` } };
  }
  const cells = OPTION_COLUMNS.map((column) => cell(column));
  let last = cells.length;
  while (last > 0 && cells[last - 1] === '') last--;
  let texts = cells.slice(0, last);
  if (type === 'judge' && texts.length === 0) texts = [...labels];
  const answer = cell('answer').trim();
  const correct = new Set<number>();
  const byText = texts.findIndex((text) => text !== '' && text === answer);
  const word = type === 'judge' ? judgeWord(answer) : null;
  if (byText >= 0 && type === 'judge') correct.add(byText);
  else if (answer && word !== null && !/^[AB]$/i.test(answer)) correct.add(word ? 0 : 1);
  else if (answer) {
    for (const letter of answer.toUpperCase().replace(/[\s,，、;；/]/g, '')) {
      const index = OPTION_LETTERS.indexOf(letter as (typeof OPTION_LETTERS)[number]);
      if (index < 0 || index >= texts.length) {
        return { error: { code: 'answer_wrong', value: answer, message: `answer "${answer}"` } };
      }
      correct.add(index);
    }
  }
  const question: TransferQuestion = {
    type,
    stem: cellToHtml(cell('stem')),
    options: texts.map((text, index) => ({ content: cellToHtml(text), correct: correct.has(index) })),
    analysis: cellToHtml(cell('analysis')),
    source: cell('source'),
    setter: cell('setter'),
  };
  if (difficulty) question.difficulty = difficulty;
  return { question };
}

/** Reads a .csv or .xlsx file of the template (rows numbered as in the sheet). Throws FormatFileError or import_file_wrong. */
export async function parseTable(
  fileName: string,
  bytes: Buffer,
  maxRows: number,
  labels: JudgeLabels = DEFAULT_JUDGE_LABELS,
): Promise<ParseResult> {
  const sheet = await readSheet(fileName, bytes, maxRows);
  const position = new Map<TableColumn, number>();
  sheet.header.forEach((title, index) => {
    const column = ALIASES.get(key(title));
    if (column && !position.has(column)) position.set(column, index);
  });
  const missing = (['type', 'stem', 'answer'] as const).filter((column) => !position.has(column));
  if (missing.length) throw new FormatFileError('columns', missing.map((c) => `${ZH_TITLES[c]}/${c}`).join(', '));
  const rows: ParsedRow[] = sheet.rows.map(({ line, cells }) => {
    const cell = (column: TableColumn) => {
      const index = position.get(column);
      return index === undefined ? '' : (cells[index] ?? '').trim();
    };
    return { row: line, ...readRow(cell, labels) };
  });
  return { rows };
}

const TYPE_CELL: Record<Lang, Record<TChoiceType, string>> = {
  'zh-CN': { single: '单选', multiple: '多选', judge: '判断' },
  'en-US': { single: 'single', multiple: 'multiple', judge: 'judge' },
};
const DIFFICULTY_CELL: Record<Lang, Record<TDifficulty, string>> = {
  'zh-CN': { easy: '易', medium: '中', hard: '难' },
  'en-US': { easy: 'easy', medium: 'medium', hard: 'hard' },
};

/** The header row in the caller's language (Chinese titles, or the English column keys). */
export function tableHeader(lang: Lang): string[] {
  return TABLE_COLUMNS.map((column) => (lang === 'zh-CN' ? ZH_TITLES[column] : column));
}

/** One question as the cells of a row, in TABLE_COLUMNS order. */
export function tableCells(question: TransferQuestion, lang: Lang): string[] {
  const options = OPTION_LETTERS.map((_, i) => {
    const option = question.options[i];
    return option ? htmlToCell(option.content) : '';
  });
  const answer = question.options.flatMap((option, i) => (option.correct ? [OPTION_LETTERS[i] ?? ''] : [])).join('');
  return [
    TYPE_CELL[lang][question.type as TChoiceType],
    htmlToCell(question.stem),
    ...options,
    answer,
    htmlToCell(question.analysis),
    question.difficulty ? DIFFICULTY_CELL[lang][question.difficulty] : '',
    question.source ?? '',
    question.setter ?? '',
  ];
}

/** Rows as an xlsx workbook of one sheet (header in the caller's language). Options beyond F are not written. */
export async function writeTable(questions: readonly TransferQuestion[], lang: Lang): Promise<WriteResult<Buffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('questions');
  sheet.addRow(tableHeader(lang)).font = { bold: true };
  const skipped: WriteResult['skipped'] = [];
  questions.forEach((question, index) => {
    if (carriedByFormats(question)) sheet.addRow(tableCells(question, lang));
    else skipped.push({ index, reason: 'type_not_supported' });
  });
  sheet.columns.forEach((column, index) => {
    column.width = index === 1 ? 40 : 16;
  });
  return { content: Buffer.from(await workbook.xlsx.writeBuffer()), skipped };
}
