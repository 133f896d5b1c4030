import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LANG, LANGS, type Lang } from './langs.ts';

export * from './langs.ts';

type Catalogue = Record<string, string>;
const localesDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'locales');

function readCatalogues(lang: Lang): Record<string, Catalogue> {
  const dir = path.join(localesDir, lang);
  return Object.fromEntries(
    readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -'.json'.length),
        JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Catalogue,
      ]),
  );
}

/** Server-side catalogues: every namespace file of each language. The web client loads the same files lazily. */
export const CATALOGUES: Record<Lang, Record<string, Catalogue>> = {
  'zh-CN': readCatalogues('zh-CN'),
  'en-US': readCatalogues('en-US'),
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
