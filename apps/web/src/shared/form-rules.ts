import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { z } from 'zod';
import { ApiError } from './api.ts';

const GENERIC: Record<string, string> = {
  invalid_type: 'validation:required',
  too_small: 'validation:too_short',
  too_big: 'validation:too_long',
};

/** A zod issue in the user's language: the rule's `validation.<key>` as `validation:<key>`, else a generic text. */
export function issueText(issue: z.core.$ZodIssue, t: TFunction): string {
  if (issue.message.startsWith('validation.')) return t(issue.message.replace('.', ':'));
  return t(GENERIC[issue.code] ?? 'validation:invalid_value');
}

/**
 * An antd form rule that runs a contract rule on every change (rules checked as the person types).
 * `message` replaces the rule's own text, for fields whose rule needs more words than the catalogue has.
 */
export function zodRule(schema: z.ZodType, t: TFunction, message?: string): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(message ?? issueText(result.error.issues[0]!, t));
    },
  };
}

/** An antd rule running an object rule (cross-field checks) on the whole form, reporting the issue naming `field`. */
export function zodObjectRule(schema: z.ZodType, field: string, t: TFunction): Rule {
  return ({ getFieldsValue }) => ({
    validator: async () => {
      const values = Object.fromEntries(
        Object.entries(getFieldsValue(true) as Record<string, unknown>).map(([k, v]) => [k, v ?? '']),
      );
      const result = schema.safeParse(values);
      const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === field);
      if (issue) throw new Error(issueText(issue, t));
    },
  });
}

/** A second entry that must equal the field `other` (new password twice). */
export function sameAsRule(other: string, message: string): Rule {
  return ({ getFieldValue }) => ({
    validator: async (_rule, value: unknown) => {
      if (value && value !== getFieldValue(other)) throw new Error(message);
    },
  });
}

/**
 * Field errors of an `invalid_input` answer in the shape `form.setFields` takes: the fields named in `known`,
 * or every top-level field when `known` is not given.
 */
export function fieldErrorsOf<F extends string = string>(
  error: unknown,
  known?: readonly F[],
): { name: F; errors: string[] }[] {
  if (!(error instanceof ApiError) || error.code !== 'invalid_input') return [];
  const fields = (error.details as { fields?: { field: string; message: string }[] } | undefined)?.fields ?? [];
  return fields
    .filter((f) =>
      known ? (known as readonly string[]).includes(f.field) : f.field !== '(body)' && !f.field.includes('.'),
    )
    .map((f) => ({ name: f.field as F, errors: [f.message] }));
}
