import { z } from 'zod';

/**
 * Validation rules of names, accounts and contact details, shared by server and web.
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
  avatar: { minBytes: 1024, maxBytes: 2 * 1024 * 1024 },
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
/** A mailed code (password reset, sign-up): 6 digits. */
export const ZEmailCode = z.string().regex(/^\d{6}$/, 'validation.email_code_format');

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

/** `rule`, or empty / null to clear the field (parsed as null); absent (undefined) leaves the field unchanged. */
export function clearable<T extends z.ZodType<string, string>>(rule: T) {
  return z
    .string()
    .max(1000)
    .nullable()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      if (value === null || value === '') return null;
      const parsed = rule.safeParse(value);
      if (parsed.success) return parsed.data as z.output<T>;
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
      return z.NEVER;
    });
}

/** The current password when changing it: whatever it is, it is required (a login password is at most 64). */
export const ZOldPassword = z.string().min(1, 'validation.old_password_required').max(64, 'validation.password_length');

/** Changing one's password (web form): the rule, both entries equal, and different from the old one. */
export const ZChangePasswordForm = z
  .object({ old_password: ZOldPassword, password: ZChangePassword, confirm: z.string() })
  .refine((v) => v.confirm === v.password, { path: ['confirm'], message: 'validation.password_mismatch' })
  .refine((v) => v.password !== v.old_password, { path: ['password'], message: 'validation.password_same_as_old' });

/** Avatar files: jpg, png or jpeg, 1 KB to 2 MB (the server checks the real bytes, not the name). */
export const AVATAR_EXTENSIONS = ['jpg', 'png', 'jpeg'] as const;
/** The longest data URL an avatar of the largest size makes (base64 of 2 MB plus a media-type prefix). */
export const AVATAR_DATA_URL_MAX = Math.ceil(LIMITS.avatar.maxBytes / 3) * 4 + 128;
export const ZAvatarDataUrl = z
  .string()
  .min(1, 'validation.avatar_type')
  .max(AVATAR_DATA_URL_MAX, 'validation.avatar_size');

/** The client-side check of a chosen avatar file: an i18n key of the problem, or null when it may be sent. */
export function avatarFileProblem(file: {
  name: string;
  size: number;
}): 'validation.avatar_type' | 'validation.avatar_size' | null {
  const extension = file.name.split('.').pop()?.toLowerCase() ?? '';
  if (!file.name.includes('.') || !(AVATAR_EXTENSIONS as readonly string[]).includes(extension)) {
    return 'validation.avatar_type';
  }
  if (file.size < LIMITS.avatar.minBytes || file.size > LIMITS.avatar.maxBytes) return 'validation.avatar_size';
  return null;
}

export function isEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/** Organisations (platform administration, module 11): lengths of the free-text fields. */
export const SITE_LIMITS = { nameEn: 64, domain: 253, address: 255, remarks: 255, helpUrl: 255 } as const;

/** A host name such as `learn.example.com` (letters, digits and hyphens per label, a top-level part of letters). */
const DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i;

/** The domain an organisation is reached at: a host name, kept in lower case. */
export const ZDomain = z
  .string()
  .trim()
  .max(SITE_LIMITS.domain, 'validation.domain_format')
  .regex(DOMAIN_PATTERN, 'validation.domain_format')
  .transform((value) => value.toLowerCase());

export const ZSiteNameEn = z.string().trim().max(SITE_LIMITS.nameEn, 'validation.name_en_too_long');
export const ZSiteAddress = z.string().trim().max(SITE_LIMITS.address, 'validation.address_too_long');
export const ZSiteRemarks = z.string().trim().max(SITE_LIMITS.remarks, 'validation.remarks_too_long');

/** A help link: empty, or an http(s) address. */
export const ZHelpUrl = z
  .string()
  .trim()
  .max(SITE_LIMITS.helpUrl, 'validation.url_format')
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), 'validation.url_format');

/** An organisation's period: when both ends are given, the end comes after the start. */
export function endsAfterStart(period: { start_at?: string | null; end_at?: string | null }): boolean {
  if (!period.start_at || !period.end_at) return true;
  return Date.parse(period.end_at) > Date.parse(period.start_at);
}
