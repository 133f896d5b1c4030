import { htmlHasContent, type TQuestionSpec, type TQuestionType } from '@app/contracts';
import {
  acceptedAnswer,
  BLANK,
  escapeWildcards,
  keyOf,
  readNumber,
  splitAtBlanks,
  tidyNumber,
  writeNumber,
} from './answer-keys.ts';
import {
  escapeGift,
  findUnescaped,
  type GiftAnswer,
  splitAnswers,
  splitUnescaped,
  unescapeGift,
} from './gift-syntax.ts';
import { cellToHtml, htmlToCell } from './text.ts';
import type { RowError, TransferQuestion } from './types.ts';

/**
 * The GIFT questions whose key is `spec`, read and written as Moodle does (docs/question-transfer.md): short answer
 * `{=Paris =paris}` (in the middle of the text: a fill-in-the-blank with one blank, Moodle's "missing word"),
 * numerical `{#3.14:0.01}` or `{#1..5}`, matching `{=H -> hydrogen = -> distractor}`, essay `{}`. GIFT has no
 * ordering question, no case-sensitive answers and no units.
 */
type Read = { question?: TransferQuestion; error?: RowError };

/** One GIFT question cut into its parts (title, format and general feedback already taken off). */
export interface GiftBlock {
  /** The stem as HTML: the answer block left out, or `_____` in its place when text follows it. */
  stem: string;
  analysis: string;
  /** What the braces hold, without the general feedback. */
  body: string;
  /** The raw text before and after the braces. */
  before: string;
  after: string;
  /** Raw GIFT text as HTML in the question's format. */
  toHtml: (raw: string) => string;
}

const WEIGHT = /^\s*%(-?\d+(?:\.\d+)?)%/;
const fullCredit = (weight: number | null) => weight === null || weight >= 100;
const syntax = (value: string, message: string): Read => ({
  error: { code: 'syntax', value: value.trim().slice(0, 50), message },
});

function keyed(block: GiftBlock, type: TQuestionType, spec: TQuestionSpec, stem = block.stem): Read {
  return { question: { type, stem, options: [], analysis: block.analysis, spec: keyOf(type, spec) } };
}

/** Short answer, or one blank when text follows the braces. Answers with a partial weight are left out. */
function readShort(block: GiftBlock, answers: GiftAnswer[]): Read {
  const accepted = answers.flatMap((answer) => {
    const text = fullCredit(answer.weight) ? acceptedAnswer(unescapeGift(answer.text)) : null;
    return text === null ? [] : [text];
  });
  if (block.after.trim() === '') return keyed(block, 'short', { accepted });
  const stem = block.toHtml(`${block.before.trimStart()}${BLANK}${block.after.trimEnd()}`);
  return keyed(block, 'blank', { blanks: [{ accepted }] }, stem);
}

/** `value:tolerance`, `min..max` or `value`; Moodle takes the tolerance's size. */
function numericalKey(text: string): { value: number; tolerance: number } | null {
  const range = /^(.+?)\.\.(.+)$/.exec(text);
  if (range) {
    const min = readNumber(range[1]!);
    const max = readNumber(range[2]!);
    if (min === null || max === null) return null;
    return { value: tidyNumber((min + max) / 2), tolerance: tidyNumber(Math.abs(max - min) / 2) };
  }
  const [answer = '', margin, ...rest] = text.split(':');
  const value = readNumber(answer);
  const tolerance = margin === undefined ? 0 : readNumber(margin);
  if (rest.length > 0 || value === null || tolerance === null) return null;
  return { value, tolerance: Math.abs(tolerance) };
}

/** `{#…}`: the first full-credit answer; the others and the `~` wrong-answer feedback are dropped. */
function readNumerical(block: GiftBlock): Read {
  let raw = block.body.trim().slice(1);
  const wrong = findUnescaped(raw, '~');
  if (wrong >= 0) raw = raw.slice(0, wrong);
  const answers = splitUnescaped(raw, '=').flatMap((part) => {
    let text = part;
    const feedback = findUnescaped(text, '#');
    if (feedback >= 0) text = text.slice(0, feedback);
    const weight = WEIGHT.exec(text);
    if (weight) text = text.slice(weight[0].length);
    return text.trim() ? [{ weight: weight ? Number(weight[1]) : null, text: text.trim() }] : [];
  });
  const right = answers.find((answer) => fullCredit(answer.weight));
  if (!right) return { error: { code: 'answer_missing', message: 'no full-credit number' } };
  const key = numericalKey(right.text);
  if (!key) return syntax(right.text, 'not a number, value:tolerance or min..max');
  return keyed(block, 'numerical', key);
}

/** `=left -> right` pairs; an empty left side makes the right side a distractor (as Moodle reads it). */
function readMatching(block: GiftBlock): Read {
  const [head = '', ...items] = splitUnescaped(block.body, '=');
  if (head.trim() !== '') return syntax(head, 'matching items start with =');
  const pairs: { left: string; right: string }[] = [];
  const distractors: string[] = [];
  for (const item of items) {
    const arrow = findUnescaped(item, '->');
    if (arrow < 0) return syntax(item, 'matching item without ->');
    const left = item.slice(0, arrow);
    const right = cellToHtml(unescapeGift(item.slice(arrow + 2)).trim());
    if (left.trim() !== '') pairs.push({ left: block.toHtml(left), right });
    else if (htmlHasContent(right)) distractors.push(right);
  }
  return keyed(block, 'matching', { pairs, distractors });
}

/**
 * The question when the braces hold a key type (Moodle's order: essay, numerical, choices when a `~` is there,
 * matching, short answer); null for choices and true/false, which the caller reads.
 */
export function readGiftKey(block: GiftBlock): Read | null {
  const { body } = block;
  if (body.trim() === '') return keyed(block, 'essay', {});
  if (/^\s*#/.test(body)) return readNumerical(block);
  if (/^\s*>/.test(body)) return { error: { code: 'type_unsupported', value: 'ordering', message: 'ordering' } };
  if (findUnescaped(body, '~') >= 0) return null;
  if (findUnescaped(body, '=') >= 0 && findUnescaped(body, '->') >= 0) return readMatching(block);
  const answers = splitAnswers(body);
  if (!answers || answers.length === 0) return null;
  return readShort(block, answers);
}

const answerLine = (accepted: string) => `=${escapeGift(escapeWildcards(accepted))}`;

/**
 * A key type as GIFT, null when GIFT cannot carry it: ordering, a fill-in-the-blank with other than one blank
 * (or a stem whose `____` marks do not match), a short answer marked by hand without accepted answers, a
 * numerical question without a value. Lost on the way: case sensitivity, units, the rubric, word limit and files.
 */
export function writeGiftKey(question: TransferQuestion): string | null {
  const spec = keyOf(question.type, question.spec ?? {});
  const feedback = question.analysis ? `####${escapeGift(question.analysis)}` : '';
  const block = (lines: readonly string[]) =>
    `{\n${lines.map((line) => `\t${line}\n`).join('')}${feedback ? `\t${feedback}\n` : ''}}`;
  const stem = `[html]${escapeGift(question.stem)}`;
  switch (question.type) {
    case 'essay':
      return feedback ? `${stem}${block([])}` : `${stem}{}`;
    case 'short': {
      const accepted = spec.accepted ?? [];
      return accepted.length ? `${stem}${block(accepted.map(answerLine))}` : null;
    }
    case 'blank': {
      const blanks = spec.blanks ?? [];
      const accepted = blanks[0]?.accepted ?? [];
      const parts = splitAtBlanks(question.stem);
      if (blanks.length !== 1 || parts.length !== 2 || accepted.length === 0) return null;
      let [before, after] = parts as [string, string];
      // Braces that end the text would make a short answer: the stem is closed by a paragraph after them.
      if (after.trim() === '') [before, after] = [`<p>${before}`, '</p>'];
      const answers = `{${accepted.map(answerLine).join(' ')}${feedback}}`;
      return `[html]${escapeGift(before)}${answers}${escapeGift(after)}`;
    }
    case 'matching': {
      const pairs = (spec.pairs ?? []).map(
        (pair) => `=${escapeGift(pair.left)} -> ${escapeGift(htmlToCell(pair.right))}`,
      );
      const distractors = (spec.distractors ?? []).map((item) => `= -> ${escapeGift(htmlToCell(item))}`);
      return `${stem}${block([...pairs, ...distractors])}`;
    }
    case 'numerical': {
      const value = spec.value ?? Number.NaN;
      if (!Number.isFinite(value)) return null;
      const tolerance = spec.tolerance ? `:${writeNumber(spec.tolerance)}` : '';
      return `${stem}{#${writeNumber(value)}${tolerance}${feedback ? `\n\t${feedback}\n` : ''}}`;
    }
    default:
      return null;
  }
}
