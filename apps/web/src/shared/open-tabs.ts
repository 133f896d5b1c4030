/** The shell's tab bar keeps its pages in session storage under this prefix (one key per user). */
export const OPEN_TABS_KEY = 'openTabs';

/** A new session starts with an empty tab bar: every page kept for the tab bar is forgotten (login, logout). */
export function forgetOpenTabs(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith(OPEN_TABS_KEY)) sessionStorage.removeItem(key);
}
