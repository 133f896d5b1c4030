import enErrors from '../locales/en-US/errors.json' with { type: 'json' };
import enMail from '../locales/en-US/mail.json' with { type: 'json' };
import enMenu from '../locales/en-US/menu.json' with { type: 'json' };
import enRoles from '../locales/en-US/roles.json' with { type: 'json' };
import enValidation from '../locales/en-US/validation.json' with { type: 'json' };
import zhErrors from '../locales/zh-CN/errors.json' with { type: 'json' };
import zhMail from '../locales/zh-CN/mail.json' with { type: 'json' };
import zhMenu from '../locales/zh-CN/menu.json' with { type: 'json' };
import zhRoles from '../locales/zh-CN/roles.json' with { type: 'json' };
import zhValidation from '../locales/zh-CN/validation.json' with { type: 'json' };

import { DEFAULT_LANG, LANGS, type Lang } from './langs.ts';

export * from './langs.ts';

type Catalogue = Record<string, string>;
/** Server-side catalogues, per namespace. The web client loads the same JSON files through i18next. */
export const CATALOGUES: Record<Lang, Record<string, Catalogue>> = {
  'zh-CN': { errors: zhErrors, validation: zhValidation, mail: zhMail, menu: zhMenu, roles: zhRoles },
  'en-US': { errors: enErrors, validation: enValidation, mail: enMail, menu: enMenu, roles: enRoles },
};

/** Translates `namespace.key` (the first dot separates the namespace) with `{{param}}` interpolation. */
export function translate(lang: Lang, key: string, params: Record<string, unknown> = {}): string {
  const dot = key.indexOf('.');
  const text = CATALOGUES[lang][key.slice(0, dot)]?.[key.slice(dot + 1)];
  if (text === undefined) return key;
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** Picks the language from the language cookie, then Accept-Language; zh-CN by default. */
export function pickLang(cookieValue: string | undefined, acceptLanguage: string | undefined): Lang {
  const fromCookie = LANGS.find((l) => l === cookieValue);
  if (fromCookie) return fromCookie;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANG;
}
