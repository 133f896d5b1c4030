import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/sessions.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { API_DOCS_ASSETS, API_DOCS_INIT, API_DOCS_POLICY } from './api-docs.ts';

let t: TestApp;
let tokens: Record<'root' | 'operator' | 'manager' | 'student', string>;
beforeAll(async () => {
  t = await createTestApp();
  const names = ['root', 'operator', 'manager', 'student'] as const;
  tokens = Object.fromEntries(await Promise.all(names.map(async (n) => [n, await sessionFor(t, n)]))) as typeof tokens;
});
afterAll(() => t.close());

const BROWSER = {
  accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'accept-language': 'en-US',
};
const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const asUser = (name: keyof typeof tokens) => ({ ...BROWSER, cookie: `access_token=${tokens[name]}` });

/** The sources a policy allows for one directive, e.g. `script-src` → `["'self'"]`. */
function directive(policy: string, name: string): string[] | undefined {
  const found = policy
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found?.slice(1);
}

describe('/api/docs', () => {
  it('shows platform administrators the Swagger UI page on /api/openapi.json, from this server only', async () => {
    for (const name of ['root', 'operator'] as const) {
      const response = await get('/api/docs', asUser(name));
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('no-store');
      const html = response.body;
      expect(html).toContain('<title>LearnLabel API reference</title>');
      expect(html).toContain(`<link rel="stylesheet" href="${API_DOCS_ASSETS}/swagger-ui.css">`);
      expect(html).toContain(`<script src="${API_DOCS_ASSETS}/swagger-ui-bundle.js"></script>`);
      expect(html).toContain(`<script src="${API_DOCS_INIT}"></script>`);
      expect(html).toContain(`<link rel="icon" type="image/png" href="${API_DOCS_ASSETS}/favicon-32x32.png">`);
      // Nothing inline to run, nothing from another host.
      expect(html).not.toMatch(/<script>|<script(?![^>]*\ssrc=)[^>]*>|\son\w+=/);
      expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
    const init = await get(API_DOCS_INIT);
    expect(init.statusCode).toBe(200);
    expect(init.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(init.body).toContain("url: '/api/openapi.json'");
    expect(init.body).toContain("docExpansion: 'none'");
    expect(init.body).toContain('validatorUrl: null');
    expect(init.body).toContain("'X-Requested-With'");
    expect(init.body).not.toMatch(/https?:/);
  });

  it('serves its assets from the package with their types, cached for a year under a versioned path', async () => {
    expect(API_DOCS_ASSETS).toMatch(/^\/api\/docs\/assets\/\d+\.\d+\.\d+$/);
    const css = await get(`${API_DOCS_ASSETS}/swagger-ui.css`);
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(css.body).toContain('.swagger-ui');
    const js = await get(`${API_DOCS_ASSETS}/swagger-ui-bundle.js`, { 'accept-encoding': 'gzip' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(js.headers['content-encoding']).toBe('gzip');
    const icon = await get(`${API_DOCS_ASSETS}/favicon-32x32.png`);
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/png');
    for (const other of ['package.json', 'swagger-ui-bundle.js.map', 'index.html', '..%2Fpackage.json']) {
      const response = await get(`${API_DOCS_ASSETS}/${other}`);
      expect(response.statusCode, other).toBe(404);
      expect(response.json().error).toBe('not_found');
    }
    expect((await get('/api/docs/assets/0.0.1/swagger-ui.css')).statusCode).toBe(404);
  });

  it('sends a browser without a session to the login page, which comes back here; other clients get 401', async () => {
    const page = await get('/api/docs', BROWSER);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/login?from=%2Fapi%2Fdocs');
    const expired = await get('/api/docs', { ...BROWSER, cookie: 'access_token=unknown; access_token_signed_in=1' });
    expect(expired.statusCode).toBe(302);
    expect(String(expired.headers['set-cookie'])).toContain('access_token=;');

    for (const headers of [{}, { accept: 'application/json' }] as Record<string, string>[]) {
      const response = await get('/api/docs', { ...headers, 'accept-language': 'en-US' });
      expect(response.statusCode).toBe(401);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ error: 'auth_fail' });
    }
  });

  it('refuses signed-in users who are not platform administrators with 403 in the error format', async () => {
    for (const name of ['manager', 'student'] as const) {
      const response = await get('/api/docs', asUser(name));
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toEqual({ error: 'forbidden', message: expect.any(String) });
    }
  });

  it('has a policy of its own that allows what the page loads and nothing more', async () => {
    const response = await get('/api/docs', asUser('root'));
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toBe(API_DOCS_POLICY);
    expect(directive(policy, 'default-src')).toEqual(["'none'"]);
    expect(directive(policy, 'script-src')).toEqual(["'self'"]);
    expect(directive(policy, 'style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directive(policy, 'img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(directive(policy, 'connect-src')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
    expect(policy).not.toMatch(/unsafe-eval|https?:|\*/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    // The answers that are not the page keep the site-wide policy.
    const refused = await get('/api/docs', asUser('student'));
    expect(String(refused.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('leaves /api/openapi.json public', async () => {
    const response = await get('/api/openapi.json');
    expect(response.statusCode).toBe(200);
    expect(response.json().openapi).toBe('3.1.0');
  });
});
