import type { CookieSerializeOptions } from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { SESSION_MAX_DAYS } from './session.ts';

type CookieNames = Pick<Config, 'TOKEN_COOKIE'>;

/**
 * The readable cookie set and cleared with the session cookie: it tells the web client that it is signed in
 * (value `1`), since the session cookie itself is HttpOnly. It grants nothing.
 */
export function signedInCookieName(config: CookieNames): string {
  return `${config.TOKEN_COOKIE}_signed_in`;
}

function cookieOptions(request: FastifyRequest): CookieSerializeOptions {
  return { path: '/', sameSite: 'lax', secure: request.protocol === 'https' };
}

/**
 * A session was opened for this answer: the token goes into the session cookie (HttpOnly, SameSite=Lax, Secure
 * over HTTPS) for the session's absolute lifetime, and the signed-in hint beside it.
 */
export function setSessionCookies(request: FastifyRequest, reply: FastifyReply, config: CookieNames, token: string) {
  const options = { ...cookieOptions(request), maxAge: SESSION_MAX_DAYS * 86400 };
  reply.setCookie(config.TOKEN_COOKIE, token, { ...options, httpOnly: true });
  reply.setCookie(signedInCookieName(config), '1', options);
}

/** The session ended (logout) or is not valid (auth_fail): both cookies go, where the request carried either. */
export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply, config: CookieNames) {
  const hint = signedInCookieName(config);
  if (request.cookies[config.TOKEN_COOKIE] === undefined && request.cookies[hint] === undefined) return;
  const options = cookieOptions(request);
  reply.clearCookie(config.TOKEN_COOKIE, { ...options, httpOnly: true });
  reply.clearCookie(hint, options);
}
