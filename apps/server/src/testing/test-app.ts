import type { Database } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppDeps } from '../platform/context.ts';
import { createDeps } from '../platform/deps.ts';
import { prepareData } from '../startup.ts';
import { openTestDatabase } from './test-database.ts';

export interface TestApp {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database & { url?: string };
  close(): Promise<void>;
}

/**
 * The real app on a fresh database with the demo organisations and accounts (no sample projects: pass
 * { SEED_DEMO: 'on' } for them), captcha off unless asked. `env` overrides configuration variables.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  database?: TestApp['database'],
): Promise<TestApp> {
  const db = database ?? (await openTestDatabase());
  const config = loadConfig({
    CAPTCHA: 'off',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    SEED_DEMO: 'accounts',
    JOB_SWEEP_MS: '0',
    EXAM_SWEEP_MS: '0',
    ...env,
  });
  const opened = await createDeps(config, { database: db, validateOutput: true });
  await prepareData(opened.deps);
  const app = await buildApp(opened.deps);
  await app.ready();
  return {
    app,
    deps: opened.deps,
    database: db,
    async close() {
      await app.close();
      await opened.close();
      if (!database) await db.close();
    },
  };
}

export interface CallResult<T = any> {
  status: number;
  body: { data?: T; error?: string; message?: string; details?: any };
}

/** POSTs a procedure as an API client does (token in the `access-token` header), from the connection address `ip` (default 127.0.0.1). */
export async function call<T = any>(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  options: { token?: string; lang?: string; ip?: string; headers?: Record<string, string> } = {},
): Promise<CallResult<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...options.headers };
  if (options.token) headers['access-token'] = options.token;
  if (options.lang) headers['accept-language'] = options.lang;
  const response = await app.inject({
    method: 'POST',
    url: `/api${path}`,
    headers,
    payload: typeof body === 'string' ? body : JSON.stringify(body),
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: response.statusCode, body: response.json() };
}

/** Logs a demo account in (captcha off) and answers its access token. */
export async function loginAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const result = await call(app, '/index/login', { username, password });
  if (!result.body.data) throw new Error(`login of ${username} failed: ${JSON.stringify(result.body)}`);
  return result.body.data.accessToken as string;
}
