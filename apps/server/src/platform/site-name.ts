import type { Lang } from '@app/i18n';

/** An organisation's name in the caller's language: the English name for en-US when it has one. */
export function siteDisplayName(site: { name: string; nameEn: string | null }, lang: Lang): string {
  return lang === 'en-US' && site.nameEn ? site.nameEn : site.name;
}
