import { OPTION_LETTERS } from '@app/contracts';
import { htmlToText, judgeWord, textToHtml } from './text.ts';
import {
  carriedByFormats,
  type ParsedRow,
  type ParseResult,
  type TransferQuestion,
  type WriteResult,
} from './types.ts';

/**
 * Aiken (Moodle's plain-text format): the stem on its own line(s), options `A. text` (or `A)`), then
 * `ANSWER: B`; a blank line between questions. It carries single-choice questions only: no analysis, no
 * difficulty, no markup. Two options that read true/false (正确/错误, True/False) come back as a true/false
 * question, so true/false questions survive a round trip.
 */
const OPTION_LINE = /^([A-Z])\s*[.)．、]\s*(.*)$/;
const ANSWER_LINE = /^ANSWER\s*[:：]\s*(.*)$/i;

interface Block {
  row: number;
  stem: string[];
  options: { letter: string; text: string }[];
  error?: ParsedRow['error'];
}

function finish(block: Block, answer: string | null): ParsedRow {
  const { row } = block;
  if (block.error) return { row, error: block.error };
  if (block.stem.length === 0) return { row, error: { code: 'stem_missing', message: 'no question text' } };
  if (block.options.length === 0) return { row, error: { code: 'options_missing', message: 'no options' } };
  if (answer === null) return { row, error: { code: 'answer_missing', message: 'no ANSWER: line' } };
  const letters = answer.toUpperCase().replace(/[\s,，]/g, '');
  if (letters.length > 1) {
    return { row, error: { code: 'type_unsupported', value: letters, message: 'Aiken has one answer per question' } };
  }
  const index = block.options.findIndex((option) => option.letter === letters);
  if (index < 0) return { row, error: { code: 'answer_wrong', value: answer, message: `no option ${answer}` } };
  const options = block.options.map((option, i) => ({ content: textToHtml(option.text), correct: i === index }));
  const words = block.options.map((option) => judgeWord(option.text));
  const judge = words.length === 2 && words[0] !== null && words[1] !== null && words[0] !== words[1];
  const question: TransferQuestion = {
    type: judge ? 'judge' : 'single',
    stem: textToHtml(block.stem.join('\n')),
    options,
    analysis: '',
  };
  return { row, question };
}

export function parseAiken(text: string): ParseResult {
  const rows: ParsedRow[] = [];
  let block: Block | null = null;
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = raw.trim();
    const lineNumber = index + 1;
    if (line === '') {
      // A blank line ends a question that has options (its ANSWER line is missing); blank lines in a stem are kept out.
      if (block && block.options.length > 0) {
        rows.push(finish(block, null));
        block = null;
      }
      return;
    }
    const current: Block = block ?? { row: lineNumber, stem: [], options: [] };
    block = current;
    const answer = ANSWER_LINE.exec(line);
    if (answer) {
      rows.push(finish(current, answer[1]!.trim()));
      block = null;
      return;
    }
    const option = OPTION_LINE.exec(line);
    if (option && current.stem.length > 0) {
      const letter = option[1]!;
      const expected = OPTION_LETTERS[current.options.length] ?? String.fromCharCode(65 + current.options.length);
      if (letter !== expected && !current.error) {
        current.error = { code: 'syntax', value: letter, message: `option ${letter} where ${expected} was expected` };
      }
      current.options.push({ letter, text: option[2]! });
      return;
    }
    if (current.options.length > 0) {
      if (!current.error)
        current.error = { code: 'syntax', value: line.slice(0, 50), message: 'text after the options' };
      return;
    }
    current.stem.push(line);
  });
  if (block) rows.push(finish(block, null));
  return { rows };
}

/** Single-choice and true/false questions as Aiken text; multiple-choice questions are skipped. */
export function writeAiken(questions: readonly TransferQuestion[]): WriteResult {
  const blocks: string[] = [];
  const skipped: WriteResult['skipped'] = [];
  questions.forEach((question, index) => {
    if (!carriedByFormats(question)) {
      skipped.push({ index, reason: 'type_not_supported' });
      return;
    }
    if (question.type === 'multiple') {
      skipped.push({ index, reason: 'multiple_not_supported' });
      return;
    }
    const lines = [htmlToText(question.stem)];
    question.options.forEach((option, i) => {
      lines.push(`${String.fromCharCode(65 + i)}. ${htmlToText(option.content)}`);
    });
    const correct = question.options.findIndex((option) => option.correct);
    lines.push(`ANSWER: ${String.fromCharCode(65 + Math.max(correct, 0))}`);
    blocks.push(lines.join('\n'));
  });
  return { content: blocks.length ? `${blocks.join('\n\n')}\n` : '', skipped };
}
