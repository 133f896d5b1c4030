import { readCookie, removeCookie } from './cookies.ts';
import { runtimeConfig } from './runtime-config.ts';

/**
 * Whether the server has set a session cookie. The cookie itself is HttpOnly (script cannot read the token); the
 * server sets a readable hint beside it and clears both at logout and on auth_fail.
 */
export function signedIn(): boolean {
  return readCookie(runtimeConfig().signedInCookie) === '1';
}

/** auth_fail: the hint goes at once (the server's answer has cleared both cookies already where it could). */
export function forgetSignedIn(): void {
  removeCookie(runtimeConfig().signedInCookie);
}
