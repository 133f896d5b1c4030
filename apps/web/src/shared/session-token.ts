import { readCookie, removeCookie, writeCookie } from './cookies.ts';
import { runtimeConfig } from './runtime-config.ts';

/** The session token lives in the token cookie named by the runtime configuration. */
export function sessionToken(): string | undefined {
  return readCookie(runtimeConfig().tokenCookie) || undefined;
}

export function storeSessionToken(token: string): void {
  writeCookie(runtimeConfig().tokenCookie, token, 30);
}

export function clearSessionToken(): void {
  removeCookie(runtimeConfig().tokenCookie);
}
