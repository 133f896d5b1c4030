import { isChoiceType } from '@app/contracts';
import { type GiftBlock, readGiftKey, writeGiftKey } from './gift-keys.ts';
import { escapeGift, findUnescaped, lastUnescaped, splitAnswers, unescapeGift } from './gift-syntax.ts';
import { textToHtml } from './text.ts';
import type { JudgeLabels, ParsedRow, ParseResult, RowError, TransferQuestion, WriteResult } from './types.ts';
import { DEFAULT_JUDGE_LABELS } from './types.ts';

export { escapeGift } from './gift-syntax.ts';

/**
 * GIFT (Moodle): `::title::` (optional) `[html]stem{answers####general feedback}`, one question per block of
 * lines, blocks apart by a blank line, `//` comment lines. `{=right ~wrong}` is single choice,
 * `{~%50%a ~%50%b ~%-100%c}` multiple choice (positive weight = correct), `{T}` / `{F}` true/false; the general
 * feedback is the analysis. Short answer, numerical, matching, essay and "missing word" short answers (a blank)
 * are read and written by `gift-keys.ts`. `~ = # { } :` and `\` are escaped with `\` in texts; per-answer
 * feedback and titles are dropped.
 */
function parseBlock(block: string, labels: JudgeLabels): { question?: TransferQuestion; error?: RowError } {
  let text = block.trim();
  if (text.startsWith('::')) {
    const end = findUnescaped(text, '::', 2);
    if (end < 0) return { error: { code: 'syntax', value: '::', message: 'unclosed title' } };
    text = text.slice(end + 2).trim();
  }
  const format = /^\[(html|moodle|plain|markdown)\]/i.exec(text);
  if (format) text = text.slice(format[0].length);
  const html = format?.[1]?.toLowerCase() === 'html';
  const toHtml = (raw: string) => (html ? unescapeGift(raw).trim() : textToHtml(unescapeGift(raw)));
  const open = findUnescaped(text, '{');
  const close = lastUnescaped(text, '}');
  if (open < 0 || close < open) return { error: { code: 'syntax', value: '{}', message: 'no {answers} part' } };
  const before = text.slice(0, open);
  const after = text.slice(close + 1);
  // Text after the answers is Moodle's "missing word": a line where the answers were.
  const stemRaw = after.trim() ? `${before.trim()} _____ ${after.trim()}` : before;
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
  const parts: GiftBlock = { stem, analysis, body, before, after, toHtml };
  const keyed = readGiftKey(parts);
  if (keyed) return keyed;
  const answers = splitAnswers(body);
  if (!answers || answers.length === 0)
    return { error: { code: 'syntax', value: body.trim().slice(0, 50), message: 'answers must start with = or ~' } };
  const equals = answers.filter((a) => a.mark === '=').length;
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

function writeChoice(question: TransferQuestion): string {
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
}

/**
 * Questions as GIFT, HTML kept (`[html]`). The choices and the key types GIFT can express are written; the others
 * (ordering, several blanks, …: `writeGiftKey`) are skipped with `type_not_supported`.
 */
export function writeGift(questions: readonly TransferQuestion[]): WriteResult {
  const skipped: WriteResult['skipped'] = [];
  const blocks: string[] = [];
  questions.forEach((question, index) => {
    const block = isChoiceType(question.type) ? writeChoice(question) : writeGiftKey(question);
    if (block === null) skipped.push({ index, reason: 'type_not_supported' });
    else blocks.push(block);
  });
  return { content: blocks.length ? `${blocks.join('\n\n')}\n` : '', skipped };
}
