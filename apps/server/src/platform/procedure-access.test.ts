import {
  BUILTIN_ROLE_PERMISSIONS,
  BUILTIN_ROLES,
  PROCEDURE_CATALOGUE,
  type Procedure,
  type RoleKey,
} from '@app/contracts';
import { DEMO_USERS } from '@app/db/seed/demo.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { pngImage } from '../testing/media-samples.ts';
import { sessionFor, siteIdByName } from '../testing/sessions.ts';
import { TENANT_RECORD } from '../testing/tenant-records.ts';
import { callPath, createTestApp, type TestApp } from '../testing/test-app.ts';
import { uploadPath } from '../testing/uploads.ts';
import { VALID_INPUT } from '../testing/valid-inputs.ts';

/**
 * Generated over the whole catalogue: no session -> auth_fail; a role without the key -> forbidden;
 * another organisation's ids -> not_found. Hostile input is procedure-fuzz.test.ts's.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Id fields naming records that are not owned by an organisation: captchas and annotation categories. */
const PLATFORM_WIDE_IDS = ['captcha_id', 'category_id'];

const demoUserOfRole = (role: RoleKey) => DEMO_USERS.find((u) => u.first[0] === role)?.username;

/** A first-organisation demo user allowed to call the procedure (root holds every permission). */
function callerFor(procedure: Procedure): string {
  return procedure.access.kind === 'permission' ? 'root' : 'teacher';
}

function inputProperties(procedure: Procedure): Record<string, { type?: string }> {
  const schema = z.toJSONSchema(procedure.input, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, { type?: string }>;
  };
  return schema.properties ?? {};
}

const nonPublic = PROCEDURE_CATALOGUE.filter((p) => p.access.kind !== 'public');
const permissioned = PROCEDURE_CATALOGUE.filter((p) => p.access.kind === 'permission');
const withTenantIds = PROCEDURE_CATALOGUE.filter((p) => Object.keys(p.tenantIds).length > 0);

describe('without a session', () => {
  it.each(nonPublic.map((p) => [p.path, p]))('%s answers auth_fail', async (_path, procedure) => {
    const result = await callPath(t.app, procedure.path, {});
    expect(result.status).toBe(401);
    expect(result.body.error).toBe('auth_fail');
    const garbage = await callPath(t.app, procedure.path, {}, { token: 'not-a-real-token' });
    expect(garbage.body.error).toBe('auth_fail');
  });
});

describe('with a role lacking the key', () => {
  it.each(permissioned.map((p) => [p.path, p]))('%s answers forbidden', async (_path, procedure) => {
    const key = procedure.access.kind === 'permission' ? procedure.access.key : '';
    const lacking = (Object.keys(BUILTIN_ROLE_PERMISSIONS) as Exclude<RoleKey, 'role_root'>[]).find(
      (role) => !BUILTIN_ROLE_PERMISSIONS[role].includes(key) && demoUserOfRole(role),
    );
    expect(lacking, `every built-in role holds ${key}`).toBeDefined();
    const token = await sessionFor(t, demoUserOfRole(lacking!)!);
    const result = await callPath(t.app, procedure.path, {}, { token });
    expect(result.status).toBe(403);
    expect(result.body.error).toBe('forbidden');
  });
});

describe('platform procedures', () => {
  it('are granted to platform roles only', () => {
    const platformKeys = PROCEDURE_CATALOGUE.filter((p) => p.platform && p.access.kind === 'permission').map((p) =>
      p.access.kind === 'permission' ? p.access.key : '',
    );
    const tenantRoles = BUILTIN_ROLES.filter((r) => !r.platform).map((r) => r.key);
    for (const role of tenantRoles) {
      const granted = BUILTIN_ROLE_PERMISSIONS[role as Exclude<RoleKey, 'role_root'>] ?? [];
      expect(
        granted.filter((key) => platformKeys.includes(key)),
        role,
      ).toEqual([]);
    }
  });
});

describe("with another organisation's ids", () => {
  it('every input field that names an id is declared as a tenant id (platform procedures act across organisations)', () => {
    const undeclared = PROCEDURE_CATALOGUE.filter((p) => !p.platform).flatMap((p) =>
      Object.keys(inputProperties(p))
        .filter(
          (field) => /(^id$|_id$|Id$)/.test(field) && !(field in p.tenantIds) && !PLATFORM_WIDE_IDS.includes(field),
        )
        .map((field) => `${p.path}.${field}`),
    );
    expect(undeclared).toEqual([]);
  });

  it.each(withTenantIds.map((p) => [p.path, p]))('%s answers not_found', async (path, procedure) => {
    const input = { ...VALID_INPUT[path] };
    expect(VALID_INPUT[path], `add a valid input for ${path}`).toBeDefined();
    for (const [field, resource] of Object.entries(procedure.tenantIds)) {
      const id = await TENANT_RECORD[resource](t, await siteIdByName(t, '星河数据'));
      input[field] = Array.isArray(input[field]) ? [id] : id;
    }
    const token = await sessionFor(t, callerFor(procedure));
    // Upload procedures take multipart: the same fields as form fields, with one small file.
    const result = procedure.upload
      ? await uploadPath(t.app, procedure.path, input, [{ name: 'a.png', content: pngImage() }], { token })
      : await callPath(t.app, procedure.path, input, { token });
    expect(result.status).toBe(404);
    expect(result.body.error).toBe('not_found');
  });
});
