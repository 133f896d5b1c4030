import { DEFAULT_LANG, LANG_COOKIE, LANGS, type Lang } from '@app/i18n/src/langs.ts';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readCookie, writeCookie } from './cookies.ts';

const STORAGE_KEY = 'lang';
const loaders: Record<Lang, () => Promise<{ default: Record<string, Record<string, string>> }>> = {
  'zh-CN': () => import('./locales/zh-CN.ts'),
  'en-US': () => import('./locales/en-US.ts'),
};

const isLang = (value: string | null | undefined): value is Lang => LANGS.includes(value as Lang);

/** Language choice of spec §9: the stored setting, then the cookie, then the browser language; zh-CN by default. */
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

async function loadResources(lang: Lang): Promise<void> {
  if (i18next.hasResourceBundle(lang, 'common')) return;
  const { default: namespaces } = await loaders[lang]();
  for (const [namespace, texts] of Object.entries(namespaces)) i18next.addResourceBundle(lang, namespace, texts);
}

export async function initI18n(): Promise<void> {
  const lang = detectLang();
  await i18next.use(initReactI18next).init({
    lng: lang,
    fallbackLng: false,
    defaultNS: 'common',
    ns: [],
    resources: {},
    keySeparator: false,
    nsSeparator: ':',
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  await loadResources(lang);
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
  await loadResources(lang);
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
