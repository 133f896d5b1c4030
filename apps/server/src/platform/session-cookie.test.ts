import { schema } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signupCode } from '../testing/mail.ts';
import { sessionFor } from '../testing/sessions.ts';
import { createTestApp, loginAs, type TestApp } from '../testing/test-app.ts';
import { listenForSockets, openSocket } from '../testing/ws-client.ts';
import { hashToken } from './tokens.ts';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  wsUrl = await listenForSockets(t.app);
});
afterAll(() => t.close());

const NINETY_DAYS = 90 * 86400;
const AS_THE_WEB = { 'x-requested-with': 'XMLHttpRequest' };

function post(app: TestApp['app'], path: string, body: unknown, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload: JSON.stringify(body),
    remoteAddress: '127.0.0.1',
  });
}

/** The Set-Cookie lines of an answer by cookie name. */
function setCookies(response: LightMyRequestResponse): Record<string, string> {
  const raw = response.headers['set-cookie'];
  const lines = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
  return Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf('=')), line]));
}

const attributes = (line: string | undefined) => (line ?? '').split('; ').slice(1).sort();
const login = (app: TestApp['app'], headers: Record<string, string> = {}) =>
  post(app, '/index/login', { username: 'student', password: DEMO_PASSWORD }, headers);

describe('the session cookie', () => {
  it('login sets the token HttpOnly, SameSite=Lax, for the absolute lifetime, with a readable hint; no Secure over http', async () => {
    const response = await login(t.app);
    expect(response.statusCode).toBe(200);
    const cookies = setCookies(response);
    expect(Object.keys(cookies).sort()).toEqual(['access_token', 'access_token_signed_in']);
    expect(cookies.access_token).toMatch(new RegExp(`^access_token=${response.json().data.accessToken};`));
    expect(attributes(cookies.access_token)).toEqual(['HttpOnly', `Max-Age=${NINETY_DAYS}`, 'Path=/', 'SameSite=Lax']);
    expect(cookies.access_token_signed_in).toMatch(/^access_token_signed_in=1;/);
    expect(attributes(cookies.access_token_signed_in)).toEqual([`Max-Age=${NINETY_DAYS}`, 'Path=/', 'SameSite=Lax']);
  });

  it('is Secure when a trusted proxy says the request came over HTTPS, and only then', async () => {
    const behindProxy = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
    try {
      const https = setCookies(await login(behindProxy.app, { 'x-forwarded-proto': 'https' }));
      expect(attributes(https.access_token)).toContain('Secure');
      expect(attributes(https.access_token_signed_in)).toContain('Secure');
      const http = setCookies(await login(behindProxy.app));
      expect(attributes(http.access_token)).not.toContain('Secure');
    } finally {
      await behindProxy.close();
    }
    // Without TRUST_PROXY the header is anybody's word: ignored.
    expect(attributes(setCookies(await login(t.app, { 'x-forwarded-proto': 'https' })).access_token)).not.toContain(
      'Secure',
    );
  });

  it('is set by sign-up and quick login too', async () => {
    const email = 'cookie@new.example.com';
    const signup = await post(t.app, '/index/signup', {
      site_name: '饼干机构',
      email,
      code: await signupCode(t, email),
      password: 'abc123',
      mobile: '13800000001',
      agreement: true,
    });
    expect(signup.statusCode).toBe(200);
    expect(setCookies(signup).access_token).toContain('HttpOnly');
    const token = await loginAs(t.app, 'teacher');
    const quick = await post(t.app, '/user/quick-login-token', {}, { 'access-token': token });
    const opened = await post(t.app, '/index/login-quick', { access_token: quick.json().data.access_token });
    expect(setCookies(opened).access_token).toMatch(new RegExp(`^access_token=${opened.json().data.accessToken};`));
  });

  it('alone does not sign in a POST: X-Requested-With is required (no cross-site form sends it)', async () => {
    const token = await loginAs(t.app, 'student');
    const cookie = { cookie: `access_token=${token}` };
    const bare = await post(t.app, '/user/detail', {}, cookie);
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ error: 'cross_site_request' });
    // The refusal leaves the visitor signed in: another site cannot log them out either.
    expect(setCookies(bare)).toEqual({});
    expect((await post(t.app, '/index/logout', {}, cookie)).json()).toMatchObject({ error: 'cross_site_request' });
    const withHeader = await post(t.app, '/user/detail', {}, { ...cookie, ...AS_THE_WEB });
    expect(withHeader.statusCode).toBe(200);
    expect(withHeader.json().data.user.username).toBe('student');
    // API clients sending the token in the header need nothing more.
    expect((await post(t.app, '/user/detail', {}, { 'access-token': token })).statusCode).toBe(200);
  });

  it('is cleared by logout, and by an auth_fail answer', async () => {
    const token = await loginAs(t.app, 'student');
    const cookie = { cookie: `access_token=${token}; access_token_signed_in=1`, ...AS_THE_WEB };
    const out = await post(t.app, '/index/logout', {}, cookie);
    expect(out.json()).toEqual({ data: { ok: true } });
    const cleared = setCookies(out);
    for (const name of ['access_token', 'access_token_signed_in']) {
      expect(cleared[name]).toMatch(new RegExp(`^${name}=;`));
      expect(attributes(cleared[name])).toContain('Max-Age=0');
    }
    const after = await post(t.app, '/user/detail', {}, cookie);
    expect(after.json()).toMatchObject({ error: 'auth_fail' });
    expect(attributes(setCookies(after).access_token)).toContain('Max-Age=0');
    // A caller with neither cookie gets no Set-Cookie with its auth_fail.
    expect(setCookies(await post(t.app, '/user/detail', {}, { 'access-token': token }))).toEqual({});
  });
});

describe('session lifetime', () => {
  async function ageSession(token: string, days: number) {
    await t.deps.db
      .update(schema.sessions)
      .set({ createdAt: sql`now() - make_interval(days => ${days})` })
      .where(eq(schema.sessions.tokenHash, hashToken(token)));
  }

  it('ends 90 days after the session began, however recently it was used', async () => {
    const old = await sessionFor(t, 'teacher');
    const younger = await sessionFor(t, 'teacher');
    await ageSession(old, 91);
    await ageSession(younger, 89);
    expect((await post(t.app, '/user/detail', {}, { 'access-token': old })).json()).toMatchObject({
      error: 'auth_fail',
    });
    expect((await post(t.app, '/user/detail', {}, { 'access-token': younger })).statusCode).toBe(200);
  });
});

describe('the websocket signed in by the cookie', () => {
  const origin = () => wsUrl.replace(/^ws/, 'http').replace(/\/ws$/, '');

  it('opens from a page of this server', async () => {
    const token = await loginAs(t.app, 'student');
    const client = await openSocket(wsUrl, { headers: { cookie: `access_token=${token}`, origin: origin() } });
    const reply = await client.heartbeat();
    expect(reply.data.action).toBe('heartbeat');
    await client.close();
  });

  it('is refused from another origin (cross-site websocket hijacking)', async () => {
    const token = await loginAs(t.app, 'student');
    const headers = { cookie: `access_token=${token}` };
    await expect(openSocket(wsUrl, { headers: { ...headers, origin: 'https://evil.example' } })).rejects.toThrow(/403/);
    await expect(openSocket(wsUrl, { headers })).rejects.toThrow(/403/);
    // The token parameter cannot be forged by another site: it opens from anywhere (API clients).
    const byToken = await openSocket(wsUrl, { token, headers: { origin: 'https://tool.example' } });
    expect((await byToken.heartbeat()).data.action).toBe('heartbeat');
    await byToken.close();
  });
});
