import { ERROR_STATUS, type ErrorBody, type ErrorCode } from '@app/contracts';
import { type Lang, translate } from '@app/i18n';
import type { z } from 'zod';

/** The one error type of the server: a code of the closed list, with message parameters and details. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly params: Record<string, unknown> = {},
    readonly details?: unknown,
  ) {
    super(code);
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function errorBody(error: AppError, lang: Lang): ErrorBody {
  const body: ErrorBody = { error: error.code, message: translate(lang, `errors.${error.code}`, error.params) };
  if (error.details !== undefined) body.details = error.details;
  return body;
}

/** Turns a zod failure into `invalid_input`, naming each field with its translated message. */
export function invalidInput(error: z.ZodError, lang: Lang): AppError {
  const fields = error.issues.map((issue) => {
    const field = issue.path.join('.') || '(body)';
    const message = issue.message.startsWith('validation.')
      ? translate(lang, issue.message)
      : genericMessage(issue, lang);
    return { field, code: issue.code, message };
  });
  const summary = fields.map((f) => `${f.field}: ${f.message}`).join('; ');
  return new AppError('invalid_input', { fields: summary }, { fields });
}

function genericMessage(issue: z.core.$ZodIssue, lang: Lang): string {
  switch (issue.code) {
    case 'invalid_type':
      return translate(lang, issue.input === undefined ? 'validation.required' : 'validation.invalid_type');
    case 'too_big':
      return translate(lang, 'validation.too_long');
    case 'too_small':
      return translate(lang, 'validation.too_short');
    default:
      return translate(lang, 'validation.invalid_value');
  }
}
