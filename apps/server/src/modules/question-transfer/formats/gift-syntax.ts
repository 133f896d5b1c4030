/**
 * GIFT's text rules, shared by the choice and key readers: `~ = # { } :` and `\` are escaped with `\`, a line
 * break is `\n`.
 */
const SPECIAL = /[\\~=#{}:]/g;

/** Escapes a text for GIFT (special characters, line breaks as `\n`). */
export function escapeGift(text: string): string {
  return text.replace(SPECIAL, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');
}

export function unescapeGift(text: string): string {
  return text.replace(/\\(n|[\\~=#{}:])/g, (_, c: string) => (c === 'n' ? '\n' : c));
}

/** Index of `token` in `text` from `from`, skipping escaped characters; -1 when absent. */
export function findUnescaped(text: string, token: string, from = 0): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text.startsWith(token, i)) return i;
  }
  return -1;
}

export function lastUnescaped(text: string, token: string): number {
  let found = -1;
  for (let i = findUnescaped(text, token); i >= 0; i = findUnescaped(text, token, i + 1)) found = i;
  return found;
}

/** The text cut at every unescaped `char`. */
export function splitUnescaped(text: string, char: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = findUnescaped(text, char); i >= 0; i = findUnescaped(text, char, i + 1)) {
    parts.push(text.slice(start, i));
    start = i + 1;
  }
  parts.push(text.slice(start));
  return parts;
}

export interface GiftAnswer {
  mark: '=' | '~';
  /** The `%n%` weight, null when absent. */
  weight: number | null;
  /** The raw (still escaped) text, trimmed. */
  text: string;
}

/** Splits the answer part into answers at unescaped `=` and `~`, dropping each answer's `#feedback`. */
export function splitAnswers(body: string): GiftAnswer[] | null {
  const answers: GiftAnswer[] = [];
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
