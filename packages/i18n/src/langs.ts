/** Languages of the interface; shared by server and web (the web client imports only this file). */
export const LANGS = ['zh-CN', 'en-US'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'zh-CN';
/** Cookie that holds the chosen language (7 days), read by the server too. */
export const LANG_COOKIE = 'lang';
