import { DEFAULT_LANG, LANG_COOKIE, LANGS, type Lang } from '@app/i18n/src/langs.ts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from './cookies.ts';

const STORAGE_KEY = 'lang';
/**
 * Namespaces of the first load (shell, public pages); a module's own namespace loads with its page. `errors` is not
 * among them: the server's answers carry their message in the caller's language, and the few forms that translate a
 * code themselves ask for `errors` with their page.
 */
export const CORE_NAMESPACES = ['common', 'shell', 'validation', 'menu', 'role-names', 'auth'];

/** Every catalogue file of packages/i18n, each its own chunk, loaded when a namespace is first used. */
const catalogueFiles = import.meta.glob<Record<string, string>>('../../../../packages/i18n/locales/*/*.json', {
  import: 'default',
});

const catalogueBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load = catalogueFiles[`../../../../packages/i18n/locales/${language}/${namespace}.json`];
    if (!load) return callback(new Error(`no catalogue ${language}/${namespace}`), null);
    load().then(
      (texts) => callback(null, texts),
      (error: Error) => callback(error, null),
    );
  },
};

const isLang = (value: string | null | undefined): value is Lang => LANGS.includes(value as Lang);

/** Language choice: the stored setting, then the cookie, then the browser language; zh-CN by default. */
export function detectLang(): Lang {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (isLang(stored)) return stored;
  const cookie = readCookie(LANG_COOKIE);
  if (isLang(cookie)) return cookie;
  const browser = navigator.language.toLowerCase();
  if (browser.startsWith('en')) return 'en-US';
  if (browser.startsWith('zh')) return 'zh-CN';
  return DEFAULT_LANG;
}

export async function initI18n(): Promise<void> {
  const lang = detectLang();
  await i18next
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      lng: lang,
      supportedLngs: [...LANGS],
      load: 'currentOnly',
      fallbackLng: false,
      ns: CORE_NAMESPACES,
      defaultNS: 'common',
      keySeparator: false,
      nsSeparator: ':',
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  applyLang(lang);
}

function applyLang(lang: Lang): void {
  document.documentElement.lang = lang;
  dayjs.locale(lang === 'zh-CN' ? 'zh-cn' : 'en');
}

/** Switches the language and remembers it (local storage and a 7-day cookie the server reads too). */
export async function changeLang(lang: Lang): Promise<void> {
  localStorage.setItem(STORAGE_KEY, lang);
  writeCookie(LANG_COOKIE, lang, 7);
  await i18next.changeLanguage(lang);
  applyLang(lang);
}

export function currentLang(): Lang {
  return isLang(i18next.language) ? i18next.language : DEFAULT_LANG;
}

/** Translation outside React components. */
export function t(key: string, params?: Record<string, unknown>): string {
  return i18next.t(key, params ?? {}) as string;
}
