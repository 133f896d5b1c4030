import { type Lang, translate } from '@app/i18n';
import { AppError } from './errors.ts';

/** Deepest nesting of arrays and objects a request body may have (an annotation result is about 8 levels deep). */
export const MAX_INPUT_DEPTH = 64;

export type UnsafeInputCode = 'unsafe_text' | 'too_deep';

export interface UnsafeInput {
  /** Where the problem is: a dotted path of keys and indexes, `(body)` for the body itself. */
  field: string;
  code: UnsafeInputCode;
}

/**
 * Text PostgreSQL cannot store or that no honest client sends: a NUL character, or a UTF-16 surrogate without its
 * pair (JSON's `\ud800` escapes can make one).
 */
export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/** In unicode mode a surrogate pair is one code point, so the class matches only NUL and surrogates left alone. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is this expression's purpose
const UNSAFE_TEXT = /[\u0000\ud800-\udfff]/u;

/**
 * The first problem of a request body, walked without recursion: a string or an object key with unsafe text, or
 * nesting deeper than MAX_INPUT_DEPTH. Every procedure's input passes here before its schema, so no handler, query or
 * size check meets such a value.
 */
export function findUnsafeInput(body: unknown): UnsafeInput | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) return { field: path || '(body)', code: 'unsafe_text' };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_INPUT_DEPTH) return { field: path || '(body)', code: 'too_deep' };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], path: join(path, String(i)), depth: depth + 1 });
      continue;
    }
    for (const key of Object.keys(value)) {
      if (isUnsafeText(key)) return { field: join(path, visibleKey(key)), code: 'unsafe_text' };
      stack.push({ value: (value as Record<string, unknown>)[key], path: join(path, key), depth: depth + 1 });
    }
  }
  return null;
}

/** Refuses a body with unsafe text or too deep nesting as `invalid_input`, naming the field, in the caller's language. */
export function assertSafeInput(body: unknown, lang: Lang): void {
  const problem = findUnsafeInput(body);
  if (problem) throw unsafeInputError(problem, lang);
}

export function unsafeInputError(problem: UnsafeInput, lang: Lang): AppError {
  const message = translate(lang, `validation.${problem.code}`);
  return new AppError(
    'invalid_input',
    { fields: `${problem.field}: ${message}` },
    { fields: [{ field: problem.field, code: problem.code, message }] },
  );
}

function join(path: string, key: string): string {
  return path ? `${path}.${key}` : key;
}

/** A key that is itself unsafe is named with its bad characters escaped (`\u0000`), so the answer stays valid text. */
function visibleKey(key: string): string {
  return JSON.stringify(key).slice(1, -1);
}
