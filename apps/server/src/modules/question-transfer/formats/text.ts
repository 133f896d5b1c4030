import { htmlText } from '@app/contracts';

/** Escapes text for HTML. */
export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Plain text from a file as HTML: escaped, line breaks kept as `<br>`. */
export function textToHtml(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => escapeHtml(line.trim()))
    .join('<br>');
}

/** Whether a cell or text looks like HTML (a closing tag, a line break or an image) rather than plain text. */
export function looksLikeHtml(text: string): boolean {
  return /<\/[a-z][a-z0-9]*>|<br\s*\/?>|<img\s/i.test(text);
}

/** A cell or text as HTML: HTML as it is, plain text escaped. */
export function cellToHtml(text: string): string {
  return looksLikeHtml(text) ? text.trim() : textToHtml(text);
}

/** HTML as plain text, for formats that carry text only (images and markup are dropped). */
export function htmlToText(html: string): string {
  return htmlText(html);
}

/**
 * HTML as a cell: the plain text when the text says it all (reading it back gives the same HTML), the HTML
 * otherwise (formatting, images, line breaks).
 */
export function htmlToCell(html: string): string {
  const text = htmlText(html);
  return textToHtml(text) === html ? text : html;
}

/** Words read as "true" and "false" in answers of true/false questions (lower case). */
const TRUE_WORDS = new Set(['t', 'true', 'y', 'yes', '正确', '对', '是', '√', '✓', 'right', 'correct']);
const FALSE_WORDS = new Set(['f', 'false', 'n', 'no', '错误', '错', '否', '×', '✗', 'x', 'wrong', 'incorrect']);

/** true / false for a true/false answer word, null for anything else. */
export function judgeWord(text: string): boolean | null {
  const word = text.trim().toLowerCase();
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return null;
}
