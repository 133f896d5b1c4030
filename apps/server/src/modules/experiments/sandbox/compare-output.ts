/**
 * How a test case's expected output is compared with the program's:
 * - `exact`: byte for byte (after UTF-8 decoding);
 * - `trim` (the default): trailing whitespace of each line (spaces, tabs, a Windows `\r`) and blank lines at the end
 *   are ignored, the rest must match;
 * - `tokens`: the whitespace-separated words must match, however they are spaced or split into lines.
 */
export type Comparison = 'exact' | 'trim' | 'tokens';

const trimLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n+$/, '');

const tokens = (text: string) => text.split(/\s+/).filter(Boolean);

export function outputMatches(actual: string, expected: string, comparison: Comparison = 'trim'): boolean {
  if (comparison === 'exact') return actual === expected;
  if (comparison === 'trim') return trimLines(actual) === trimLines(expected);
  const a = tokens(actual);
  const b = tokens(expected);
  return a.length === b.length && a.every((token, i) => token === b[i]);
}
