import type { ErrorCode, ProcedureAt, ProcedurePath } from '@app/contracts';
import type { Database } from '@app/db';
import { DEMO_PASSWORD } from '@app/db/seed/demo.ts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { AppDeps } from '../platform/context.ts';
import { createDeps } from '../platform/deps.ts';
import { LocalFileStorage } from '../platform/storage-local.ts';
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
 * { SEED_DEMO: 'on' } for them), captcha off unless asked. `env` overrides configuration variables; `webDist` names
 * a web client folder to serve instead of the built one.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  database?: TestApp['database'],
  options: { webDist?: string } = {},
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
  const app = await buildApp(opened.deps, options);
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

/** What the procedure at `path` answers in `data`, typed by its contract (the web client's `ApiOutput`). */
export type CallOutput<P extends ProcedurePath> = z.output<ProcedureAt<P>['output']>;

/** The rest of each procedure path that starts with `Prefix` (helpers that call one group: `/dataset-examine/${tail}`). */
export type PathTail<Prefix extends string> = ProcedurePath extends infer P
  ? P extends `${Prefix}${infer Tail}`
    ? Tail
    : never
  : never;

/**
 * A call's HTTP status and JSON body: `data` on success, else the error code, its message and any details. `data` is
 * typed without `undefined`: a test reads it after a call that should succeed, and if the call failed the read throws,
 * which fails the test like an assertion.
 */
export interface CallResult<T> {
  status: number;
  body: { data: T; error?: ErrorCode; message?: string; details?: unknown };
}

export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
  headers?: Record<string, string>;
}

/**
 * POSTs the procedure at `path` as an API client does (token in the `access-token` header), from the connection
 * address `ip` (default 127.0.0.1); `data` is typed by the procedure's contract. The input is not typed: tests send
 * invalid and hostile bodies on purpose. Paths that are not a contract procedure's go through `callPath`.
 */
export function call<P extends ProcedurePath>(
  app: FastifyInstance,
  path: P,
  body: unknown = {},
  options: CallOptions = {},
): Promise<CallResult<CallOutput<P>>> {
  // The body is the server's JSON, which it checks against the procedure's output schema (validateOutput above).
  return callPath(app, path, body, options) as Promise<CallResult<CallOutput<P>>>;
}

/**
 * `call` for any path, `data` untyped: routes that are not contract procedures, unknown paths, and paths taken
 * from the catalogue at run time (generated tests).
 */
export async function callPath(
  app: FastifyInstance,
  path: string,
  body: unknown = {},
  options: CallOptions = {},
): Promise<CallResult<unknown>> {
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

const ZInvalidFields = z.object({
  fields: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })),
});

/**
 * The fields an `invalid_input` answer names, read from its details (which the contract's ErrorBody leaves
 * `unknown`, so they are checked here); none when the answer has no details.
 */
export function invalidFields(body: { details?: unknown }): z.infer<typeof ZInvalidFields>['fields'] {
  return body.details === undefined ? [] : ZInvalidFields.parse(body.details).fields;
}

/** Logs a demo account in (captcha off) and answers its access token. */
export async function loginAs(app: FastifyInstance, username: string, password = DEMO_PASSWORD): Promise<string> {
  const result = await call(app, '/index/login', { username, password });
  if (!result.body.data) throw new Error(`login of ${username} failed: ${JSON.stringify(result.body)}`);
  return result.body.data.accessToken;
}

/** The app's file store as the local folder it is in tests (S3 tests make their own store). */
export function localStore(t: TestApp): LocalFileStorage {
  if (!(t.deps.storage instanceof LocalFileStorage)) throw new Error('this test reads the local file store');
  return t.deps.storage;
}
