import { specOf, type TQuestionSpec, type TQuestionType } from '@app/contracts';

/**
 * What GIFT and Moodle XML share for the types whose key is `spec` (docs/question-types.md): the key as the bank
 * keeps it, Moodle's short-answer wildcards, numbers, and the blanks (`____`) of a stem.
 */

/** The key with its type's fields and their defaults, as the bank stores it (`specOf`). */
export const keyOf = (type: TQuestionType, spec: TQuestionSpec): TQuestionSpec => specOf(type, spec) ?? {};

/**
 * An accepted answer as Moodle writes it: `*` is a wildcard there (any text), which the bank cannot check, so an
 * answer holding one is left out (null); `\*` is a plain asterisk.
 */
export function acceptedAnswer(text: string): string | null {
  const answer = text.trim();
  if (answer === '' || /(^|[^\\])\*/.test(answer)) return null;
  return answer.replace(/\\\*/g, '*');
}

/** An accepted answer for Moodle: a plain asterisk escaped so it is not read as a wildcard. */
export const escapeWildcards = (answer: string) => answer.replace(/\*/g, '\\*');

const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/** A number as the formats write it (`3.14`, `-2`, `1e-3`), or null. */
export function readNumber(text: string): number | null {
  const value = text.trim();
  if (!NUMBER.test(value)) return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}

/** A computed number without the float noise of the sum (`(1.1 + 1.3) / 2` is 1.2). */
export const tidyNumber = (value: number) => Number(value.toPrecision(12));

/** A number as written into a file. */
export const writeNumber = (value: number) => String(tidyNumber(value));

/**
 * The stem cut at its blanks: runs of three or more underscores in the text, not inside tags (the editor counts
 * them the same way). n blanks give n + 1 parts.
 */
export function splitAtBlanks(html: string): string[] {
  const parts: string[] = [];
  let start = 0;
  let i = 0;
  while (i < html.length) {
    if (html[i] === '<') {
      const end = html.indexOf('>', i);
      i = end < 0 ? html.length : end + 1;
      continue;
    }
    if (html.startsWith('___', i)) {
      let end = i;
      while (html[end] === '_') end++;
      parts.push(html.slice(start, i));
      start = end;
      i = end;
      continue;
    }
    i++;
  }
  parts.push(html.slice(start));
  return parts;
}

/** The blank as an imported stem shows it. */
export const BLANK = '____';
