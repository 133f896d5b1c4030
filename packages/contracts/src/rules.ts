import { z } from 'zod';

/**
 * Validation rules of the specification (learning §5, annotation §5), shared by server and web.
 * Each schema's message is an i18n key in the `validation` namespace.
 */
export const LIMITS = {
  siteName: { min: 2, max: 32 },
  email: { max: 32 },
  signupPassword: { min: 6, max: 32 },
  changePassword: { min: 6, max: 16 },
  nickname: { max: 20 },
  realName: { min: 2, max: 16 },
  mobileDigits: 11,
  loginPasswordMin: 6,
  inviteHours: 48,
} as const;

const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$/;
const LETTERS_AND_DIGITS = /^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$/;

export const ZEmail = z
  .string()
  .trim()
  .min(1, 'validation.email_required')
  .max(LIMITS.email.max, 'validation.email_too_long')
  .regex(EMAIL_PATTERN, 'validation.email_format');

export const ZSiteName = z
  .string()
  .trim()
  .min(LIMITS.siteName.min, 'validation.site_name_length')
  .max(LIMITS.siteName.max, 'validation.site_name_length');

export const ZMobile = z.string().regex(/^\d{11}$/, 'validation.mobile_format');

function lettersAndDigitsPassword(min: number, max: number) {
  return z
    .string()
    .min(min, 'validation.password_length')
    .max(max, 'validation.password_length')
    .regex(LETTERS_AND_DIGITS, 'validation.password_letters_digits');
}

/** Registration and password reset: 6-32, letters and digits. */
export const ZSignupPassword = lettersAndDigitsPassword(LIMITS.signupPassword.min, LIMITS.signupPassword.max);
/** Changing one's password: 6-16, letters and digits. */
export const ZChangePassword = lettersAndDigitsPassword(LIMITS.changePassword.min, LIMITS.changePassword.max);

export const ZNickname = z
  .string()
  .min(1, 'validation.nickname_required')
  .max(LIMITS.nickname.max, 'validation.nickname_too_long')
  .refine((v) => !v.startsWith(' '), 'validation.nickname_leading_space');

export const ZRealName = z.string().regex(/^[A-Za-z0-9.\u4e00-\u9fa5]{2,16}$/, 'validation.real_name_format');

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}
