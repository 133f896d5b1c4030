import { INT32_MAX, PROCEDURE_CATALOGUE, type Procedure } from '@app/contracts';
import { schema } from '@app/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pngImage } from '../testing/media-samples.ts';
import { inputSchema, integerFields, sampleOf } from '../testing/schema-sample.ts';
import { sessionFor, siteIdByName } from '../testing/sessions.ts';
import { TENANT_RECORD } from '../testing/tenant-records.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { multipartBody } from '../testing/uploads.ts';
import { VALID_INPUT } from '../testing/valid-inputs.ts';
import { notifyUserChanged } from './session.ts';

/**
 * Generated over the whole procedure catalogue, as API fuzzers walk an OpenAPI document: each procedure is called by
 * a caller allowed to call it with a valid-looking input (a schema sample, known valid inputs, real records of the
 * caller's organisation for its ids), then with one field at a time replaced by a hostile value (NUL and lone
 * surrogates, huge and negative numbers, wrong types, deep nesting, oversized strings) and with hostile whole bodies
 * and keys. No answer may be a 5xx, every refusal carries an error code and a message, and nothing may reject
 * unhandled in the server's process.
 */
let t: TestApp;
let siteId: number;
let rootId: number;
const unhandled: unknown[] = [];
const recordUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', recordUnhandled);
  t = await createTestApp();
  siteId = await siteIdByName(t, '示范学院');
  const [root] = await t.deps.db.select().from(schema.users).where(eq(schema.users.username, 'root'));
  rootId = root!.id;
});
afterAll(async () => {
  await t.close();
  process.off('unhandledRejection', recordUnhandled);
});

const nested = (levels: number): unknown => {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
};

/** Values put in place of one field. */
const HOSTILE_VALUES: unknown[] = [
  'a\u0000b',
  'a\ud800b',
  '\udfff',
  'x'.repeat(100_000),
  INT32_MAX + 1,
  -INT32_MAX - 2,
  2 ** 53 + 2,
  1e308,
  -1,
  0,
  0.5,
  true,
  'text',
  {},
  [],
  null,
  { 'k\u0000': 1 },
  nested(40),
  nested(100),
];

/** Whole bodies (raw JSON text). */
const HOSTILE_BODIES = [
  `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
  '{"a\\u0000":1}',
  '{"\\ud800":1}',
  '{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}}}',
  '[1,2]',
  '"text"',
  'null',
];

/** Paths of the fields of a value, down to `depth` levels (the first item of arrays). */
function fieldPaths(value: unknown, depth = 4, prefix: (string | number)[] = []): (string | number)[][] {
  if (depth === 0 || value === null || typeof value !== 'object') return [];
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.length > 0
      ? [[0, value[0]]]
      : []
    : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...fieldPaths(child, depth - 1, [...prefix, key])]);
}

/** The value with the field at `path` replaced, or removed when `value` is REMOVED. */
function withValue(base: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === REMOVED) delete node[last];
  else node[last] = value;
  return copy;
}

const REMOVED = Symbol('removed');

/**
 * A valid-looking input: the schema's sample (required fields only), known valid values over it unless `bare`, the
 * caller's own records for ids.
 */
async function baseInput(procedure: Procedure, bare = false): Promise<Record<string, unknown>> {
  const json = inputSchema(procedure);
  const sample = sampleOf(json) as Record<string, unknown>;
  const input: Record<string, unknown> = { ...sample, ...(bare ? {} : VALID_INPUT[procedure.path]) };
  for (const [field, resource] of Object.entries(procedure.tenantIds)) {
    const id = await TENANT_RECORD[resource](t, siteId);
    input[field] = Array.isArray(input[field]) ? [id] : id;
  }
  return input;
}

/** Root holds every permission; signed-in-only procedures are called by a teacher; public ones by nobody. */
async function tokenFor(procedure: Procedure): Promise<string | undefined> {
  if (procedure.access.kind === 'public') return undefined;
  if (procedure.access.kind === 'authenticated') return sessionFor(t, 'teacher');
  // An earlier procedure may have moved root to another organisation or role: put it back.
  await t.deps.db
    .update(schema.users)
    .set({ currentSiteId: siteId, status: 'active' })
    .where(eq(schema.users.id, rootId));
  await t.deps.db
    .update(schema.siteUsers)
    .set({ currentRole: 'role_root', status: 'active' })
    .where(and(eq(schema.siteUsers.userId, rootId), eq(schema.siteUsers.siteId, siteId)));
  await notifyUserChanged(t.deps, rootId);
  return sessionFor(t, 'root');
}

interface Answer {
  status: number;
  body: string;
}

async function send(procedure: Procedure, body: unknown, token: string | undefined): Promise<Answer> {
  const headers: Record<string, string> = {};
  if (token) headers['access-token'] = token;
  let payload: string | Buffer;
  if (procedure.upload && body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const form = multipartBody(body as Record<string, unknown>, [{ name: 'a.png', content: pngImage() }]);
    headers['content-type'] = form.contentType;
    payload = form.payload;
  } else {
    headers['content-type'] = 'application/json';
    payload = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const response = await t.app.inject({ method: 'POST', url: `/api${procedure.path}`, headers, payload });
  return { status: response.statusCode, body: response.body };
}

/** What is wrong with an answer, or null: a 5xx, a refusal without code and message, a success without data. */
function problemOf(answer: Answer): string | null {
  if (answer.status >= 500) return `${answer.status} ${answer.body.slice(0, 200)}`;
  let parsed: { data?: unknown; error?: unknown; message?: unknown };
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `${answer.status} not JSON: ${answer.body.slice(0, 100)}`;
  }
  if (answer.status >= 400 && (typeof parsed.error !== 'string' || !parsed.message)) {
    return `${answer.status} without an error code and message: ${answer.body.slice(0, 200)}`;
  }
  if (answer.status < 400 && !('data' in parsed)) return `${answer.status} without data`;
  return null;
}

const describeValue = (value: unknown) => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
};

describe('every procedure survives hostile input', () => {
  it.each(PROCEDURE_CATALOGUE.map((p) => [p.path, p]))('%s', async (_path, procedure) => {
    const token = await tokenFor(procedure);
    const base = await baseInput(procedure);
    const problems: string[] = [];
    const check = async (label: string, body: unknown) => {
      const problem = problemOf(await send(procedure, body, token));
      if (problem) problems.push(`${label}: ${problem}`);
    };
    await check('base input', base);
    await check('required fields only', await baseInput(procedure, true));
    const schemaFields = Object.keys(inputSchema(procedure).properties ?? {}).map((key) => [key]);
    const paths = [...fieldPaths(base), ...schemaFields.filter(([key]) => !(key! in base))];
    for (const path of paths) {
      for (const value of HOSTILE_VALUES)
        await check(`${path.join('.')} = ${describeValue(value)}`, withValue(base, path, value));
    }
    for (const body of HOSTILE_BODIES) await check(`body ${describeValue(body)}`, body);
    expect(problems).toEqual([]);
  });

  it('left no promise rejected unhandled (the process would have ended)', () => {
    expect(unhandled).toEqual([]);
  });
});

describe('integers of the contract fit their columns', () => {
  it('every integer input that is not a record id is at most a PostgreSQL integer', () => {
    const unbounded = PROCEDURE_CATALOGUE.flatMap((procedure) => {
      const json = inputSchema(procedure);
      return integerFields(json)
        .filter(({ path }) => !/(^|\.)(id|ids|\w+_ids?)(\[\])?$/.test(path))
        .filter(({ maximum }) => maximum === undefined || maximum > INT32_MAX)
        .map(({ path }) => `${procedure.path} ${path}`);
    });
    expect(unbounded).toEqual([]);
  });
});
