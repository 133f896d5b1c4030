import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: '127.0.0.1' });
  await t.deps.storage.saveFile('avatars/hello.txt', Buffer.from('hello'));
});
afterAll(() => t.close());

/** The Content-Security-Policy as directive -> sources. */
function policyOf(response: LightMyRequestResponse): Record<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const policy = policyOf(response);
  expect(policy['script-src']).toEqual(["'self'"]);
  expect(policy['default-src']).toEqual(["'self'"]);
  expect(policy['object-src']).toEqual(["'none'"]);
  expect(policy['base-uri']).toEqual(["'self'"]);
  expect(policy['frame-ancestors']).toEqual(["'none'"]);
  expect(policy['img-src']).toEqual(expect.arrayContaining(["'self'", 'blob:', 'data:']));
  expect(policy['worker-src']).toEqual(["'self'"]);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
}

describe('security headers', () => {
  it('come with an API answer, an error answer and a stored file', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/index/echo',
      headers: { 'content-type': 'application/json', host: 'learn.example:8443' },
      payload: '{}',
    });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok);
    expect(policyOf(ok)['connect-src']).toEqual(
      expect.arrayContaining(["'self'", 'ws://learn.example:8443', 'wss://learn.example:8443']),
    );
    const refused = await t.app.inject({ method: 'POST', url: '/api/user/detail', payload: {} });
    expect(refused.statusCode).toBe(401);
    expectSecurityHeaders(refused);
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(missing.statusCode).toBe(404);
    expectSecurityHeaders(missing);
    const file = await t.app.inject({ method: 'GET', url: '/files/avatars/hello.txt' });
    expect(file.statusCode).toBe(200);
    expectSecurityHeaders(file);
  });

  it('allow no inline or evaluated script anywhere in the policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const header = String(response.headers['content-security-policy']);
    expect(header).not.toMatch(/unsafe-eval/);
    // Only styles may be inline (antd's CSS-in-JS).
    expect(Object.entries(policyOf(response)).filter(([, sources]) => sources.includes("'unsafe-inline'"))).toEqual([
      ['style-src', ["'self'", "'unsafe-inline'"]],
    ]);
  });

  it('add HSTS only over HTTPS (from a trusted proxy), and leave a strange Host out of the policy', async () => {
    const https = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { 'x-forwarded-proto': 'https' },
      remoteAddress: '127.0.0.1',
    });
    expect(https.headers['strict-transport-security']).toBe('max-age=15552000');
    const http = await t.app.inject({ method: 'GET', url: '/api/openapi.json', remoteAddress: '127.0.0.1' });
    expect(http.headers['strict-transport-security']).toBeUndefined();
    const odd = await t.app.inject({
      method: 'GET',
      url: '/api/openapi.json',
      headers: { host: "x; script-src 'unsafe-inline'" },
    });
    expect(policyOf(odd)['script-src']).toEqual(["'self'"]);
    expect(policyOf(odd)['connect-src']).toEqual(["'self'", 'http:', 'https:']);
  });
});
