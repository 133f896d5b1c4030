import { removeCookie } from '../cookies.ts';
import { forgetOpenTabs } from '../open-tabs.ts';
import { forgetSignedIn } from '../signed-in.ts';

/** Per-user keys of local storage that the shell keeps. */
export const moduleKey = (userId: number) => `currentModule:${userId}`;
export const OPEN_SUBMENUS_KEY = 'openSubmenus';
export const SETTINGS_KEY = 'settings';
export const MENU_SHRINK_COOKIE = 'liteMenuShrink';
const LAST_USER_KEY = 'lastUserId';

export function rememberUser(userId: number): void {
  localStorage.setItem(LAST_USER_KEY, String(userId));
}

/** Forgets the saved current module of the last user (switching organisation or role, auth_fail). */
export function clearCurrentModule(): void {
  const userId = Number(localStorage.getItem(LAST_USER_KEY));
  if (userId) localStorage.removeItem(moduleKey(userId));
}

/** auth_fail: the signed-in hint goes (the server clears the session cookie) and the current module is cleared. */
export function forgetSession(): void {
  forgetSignedIn();
  clearCurrentModule();
  forgetOpenTabs();
}

/** Logout: also the menu cookie, settings and the opened submenus. */
export function forgetEverything(): void {
  forgetSession();
  removeCookie(MENU_SHRINK_COOKIE);
  localStorage.removeItem(SETTINGS_KEY);
  localStorage.removeItem(OPEN_SUBMENUS_KEY);
}
