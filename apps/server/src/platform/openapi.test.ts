import { PROCEDURE_CATALOGUE } from '@app/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('GET /api/openapi.json describes every procedure with its input and access', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
  const doc = response.json();
  expect(doc.openapi).toBe('3.1.0');
  expect(Object.keys(doc.paths).sort()).toEqual(PROCEDURE_CATALOGUE.map((p) => `/api${p.path}`).sort());
  const login = doc.paths['/api/index/login'].post;
  expect(login.requestBody.content['application/json'].schema.required).toEqual(['username', 'password']);
  expect(login['x-access']).toEqual({ kind: 'public' });
  expect(login.tags).toEqual(['index']);
  expect(doc.paths['/api/dataset-train/list'].post.tags).toEqual(['dataset-train']);
  expect(doc.paths['/api/system/auth-refresh'].post['x-access']).toEqual({
    kind: 'permission',
    key: '/system/auth-refresh',
  });
});

it('an unknown API path answers not_found as JSON', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/no/such', headers: { 'accept-language': 'en-US' } });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: 'not_found', message: 'The record does not exist' });
});
