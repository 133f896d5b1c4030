import { textToHtml } from './text.ts';
import type { JudgeLabels, ParsedRow, ParseResult, RowError, TransferQuestion, WriteResult } from './types.ts';
import { carriedByFormats, DEFAULT_JUDGE_LABELS } from './types.ts';

/**
 * GIFT (Moodle): `::title::` (optional) `[html]stem{answers####general feedback}`, one question per block of
 * lines, blocks apart by a blank line, `//` comment lines. `{=right ~wrong}` is single choice,
 * `{~%50%a ~%50%b ~%-100%c}` multiple choice (positive weight = correct), `{T}` / `{F}` true/false; the general
 * feedback is the analysis. `~ = # { } :` and `\` are escaped with `\` in texts. Other GIFT question types
 * (short answer, matching, numerical, essay) are refused; per-answer feedback and titles are dropped.
 */
const SPECIAL = /[\\~=#{}:]/g;

/** Escapes a text for GIFT (special characters, line breaks as `\n`). */
export function escapeGift(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

function unescapeGift(text: string): string {
  return text.replace(/\\(n|[\\~=#{}:])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Index of `token` in `text` from `from`, skipping escaped characters; -1 when absent. */
function findUnescaped(text: string, token: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(token, i)) return i;
  }
  return -1;
}

function lastUnescaped(text: string, token: string): number {
  let found = -1;
  for (let i = findUnescaped(text, token); i >= 0; i = findUnescaped(text, token, i + 1)) found = i;
  return found;
}

interface Answer {
  mark: '=' | '~';
  weight: number | null;
  text: string;
}

/** Splits the answer part into answers at unescaped `=` and `~`, dropping each answer's `#feedback`. */
function splitAnswers(body: string): Answer[] | null {
  const answers: Answer[] = [];
  let start = -1;
  const push = (end: number) => {
    if (start < 0) return;
    let raw = body.slice(start + 1, end);
    const feedback = findUnescaped(raw, '#');
    if (feedback >= 0) raw = raw.slice(0, feedback);
    const weight = /^\s*%(-?\d+(?:\.\d+)?)%/.exec(raw);
    if (weight) raw = raw.slice(weight[0].length);
    answers.push({ mark: body[start] as '=' | '~', weight: weight ? Number(weight[1]) : null, text: raw.trim() });
  };
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '=' || c === '~') {
      push(i);
      start = i;
    } else if (start < 0 && c !== undefined && c.trim() !== '') {
      return null;
    }
  }
  push(body.length);
  return answers;
}

function parseBlock(block: string, labels: JudgeLabels): { question?: TransferQuestion; error?: RowError } {
  let text = block.trim();
  if (text.startsWith('::')) {
    const end = findUnescaped(text, '::', 2);
    if (end < 0) return { error: { code: 'syntax', value: '::', message: 'unclosed title' } };
    text = text.slice(end + 2).trim();
  }
  const open = findUnescaped(text, '{');
  const close = lastUnescaped(text, '}');
  if (open < 0 || close < open) return { error: { code: 'syntax', value: '{}', message: 'no {answers} part' } };
  let stemRaw = text.slice(0, open).trim();
  const after = text.slice(close + 1).trim();
  if (after) stemRaw = `${stemRaw} _____ ${after}`;
  const format = /^\[(html|moodle|plain|markdown)\]/i.exec(stemRaw);
  if (format) stemRaw = stemRaw.slice(format[0].length);
  const html = format?.[1]?.toLowerCase() === 'html';
  const toHtml = (raw: string) => (html ? unescapeGift(raw).trim() : textToHtml(unescapeGift(raw)));
  let body = text.slice(open + 1, close);
  let analysis = '';
  const general = findUnescaped(body, '####');
  if (general >= 0) {
    analysis = toHtml(body.slice(general + 4));
    body = body.slice(0, general);
  }
  const stem = toHtml(stemRaw);
  if (!stem) return { error: { code: 'stem_missing', message: 'no question text' } };
  const judge = /^\s*(T|TRUE|F|FALSE)\s*(#|$)/i.exec(body);
  if (judge) {
    const right = judge[1]!.toUpperCase().startsWith('T');
    const options = [
      { content: labels[0], correct: right },
      { content: labels[1], correct: !right },
    ];
    return { question: { type: 'judge', stem, options, analysis } };
  }
  if (body.trim() === '') return { error: { code: 'type_unsupported', value: 'essay', message: 'essay question' } };
  if (/^\s*#/.test(body)) return { error: { code: 'type_unsupported', value: 'numerical', message: 'numerical' } };
  if (findUnescaped(body, '->') >= 0) {
    return { error: { code: 'type_unsupported', value: 'matching', message: 'matching question' } };
  }
  const answers = splitAnswers(body);
  if (!answers || answers.length === 0)
    return { error: { code: 'syntax', value: body.trim().slice(0, 50), message: 'answers must start with = or ~' } };
  const equals = answers.filter((a) => a.mark === '=').length;
  if (equals === answers.length) {
    return { error: { code: 'type_unsupported', value: 'shortanswer', message: 'short answer question' } };
  }
  const options = answers.map((a) => ({
    content: toHtml(a.text),
    correct: a.mark === '=' || (a.weight !== null && a.weight > 0),
  }));
  if (!options.some((o) => o.correct)) return { error: { code: 'answer_missing', message: 'no right answer' } };
  return { question: { type: equals > 0 ? 'single' : 'multiple', stem, options, analysis } };
}

/** Reads GIFT text; true/false options get `labels` (true first). */
export function parseGift(text: string, labels: JudgeLabels = DEFAULT_JUDGE_LABELS): ParseResult {
  const rows: ParsedRow[] = [];
  let lines: string[] = [];
  let start = 0;
  const flush = () => {
    const block = lines.join('\n').trim();
    lines = [];
    if (!block || /^\$CATEGORY:/i.test(block)) return;
    rows.push({ row: start, ...parseBlock(block, labels) });
  };
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((line, index) => {
      if (/^\s*\/\//.test(line)) return;
      if (line.trim() === '') {
        flush();
        return;
      }
      if (lines.length === 0) start = index + 1;
      lines.push(line);
    });
  flush();
  return { rows };
}

const weight = (count: number) => String(Number((100 / count).toFixed(5)));

/** Questions as GIFT, HTML kept (`[html]`). Every type is carried. */
export function writeGift(questions: readonly TransferQuestion[]): WriteResult {
  const skipped: WriteResult['skipped'] = [];
  const carried = questions.filter((question, index) => {
    if (!carriedByFormats(question)) skipped.push({ index, reason: 'type_not_supported' });
    return carriedByFormats(question);
  });
  const blocks = carried.map((question) => {
    const stem = `[html]${escapeGift(question.stem)}`;
    const analysis = question.analysis ? `\n\t####${escapeGift(question.analysis)}` : '';
    if (question.type === 'judge') {
      return `${stem}{${question.options[0]?.correct ? 'T' : 'F'}${analysis}\n}`;
    }
    const correct = question.options.filter((o) => o.correct).length;
    const answers = question.options.map((option) => {
      const content = escapeGift(option.content);
      if (question.type === 'single') return `\t${option.correct ? '=' : '~'}${content}`;
      return `\t~%${option.correct ? weight(correct) : '-100'}%${content}`;
    });
    return `${stem}{\n${answers.join('\n')}${analysis}\n}`;
  });
  return { content: blocks.length ? `${blocks.join('\n\n')}\n` : '', skipped };
}
