import { type Executor, schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { CATALOGUE_KEY_BY_NAME, inCatalogueOrder, isCatalogueRoute } from './catalogue.ts';

export interface Grants {
  permissions: string[];
  menus: string[];
}

/** What the caller's current role holds: the most it may grant. */
export interface HeldAccess {
  permissions: ReadonlySet<string>;
  menus: ReadonlySet<string>;
}

/**
 * The caller's current role's keys and menu entries. Read before a write's transaction opens (the access
 * cache queries outside it, and PGlite has one connection).
 */
export async function heldAccess(ctx: TenantContext): Promise<HeldAccess> {
  return { permissions: ctx.session.permissions, menus: new Set(await ctx.deps.access.menusOf(ctx.session.role)) };
}

/** What administrators added beside the code's catalogue: custom permission keys and custom menu entries. */
export interface CustomAccess {
  permissions: ReadonlySet<string>;
  menus: ReadonlySet<string>;
}

export async function customAccess(db: Executor): Promise<CustomAccess> {
  // One after the other: `db` may be a transaction (one connection).
  const keys = await db
    .select({ key: schema.permissions.key })
    .from(schema.permissions)
    .where(eq(schema.permissions.custom, true));
  const menus = await db
    .select({ name: schema.menuEntries.routeName })
    .from(schema.menuEntries)
    .where(eq(schema.menuEntries.custom, true));
  return { permissions: new Set(keys.map((r) => r.key)), menus: new Set(menus.map((r) => r.name)) };
}

/** Requested grants without duplicates: keys sorted, menu entries in catalogue order. */
export function normaliseGrants(input: Grants): Grants {
  return { permissions: [...new Set(input.permissions)].sort(), menus: inCatalogueOrder(new Set(input.menus)) };
}

export function sameGrants(a: Grants, b: Grants): boolean {
  const same = (x: string[], y: string[]) => x.length === y.length && x.every((item) => y.includes(item));
  return same(a.permissions, b.permissions) && same(a.menus, b.menus);
}

/**
 * The rules every role write checks on the grants it would leave:
 * - every permission key and menu entry exists in the code's catalogue or among the custom ones
 *   (`invalid_input`, naming them);
 * - platform keys only go into platform roles (`invalid_input`);
 * - nobody grants what they do not hold: what the write adds to the role must be held by the caller's current
 *   role (`forbidden`, details listing the keys and entries). Taking a grant away needs no such check.
 */
export function checkGrants(
  ctx: TenantContext,
  held: HeldAccess,
  role: { platform: boolean },
  wanted: Grants,
  before: Grants,
  custom: CustomAccess,
): void {
  const unknownKeys = wanted.permissions.filter(
    (key) => !CATALOGUE_KEY_BY_NAME.has(key) && !custom.permissions.has(key),
  );
  const unknownMenus = wanted.menus.filter((name) => !isCatalogueRoute(name) && !custom.menus.has(name));
  const platformKeys = role.platform
    ? []
    : wanted.permissions.filter((key) => CATALOGUE_KEY_BY_NAME.get(key)?.platform);
  const fields = [
    unknownKeys.length && { field: 'permissions', code: 'unknown_keys', keys: unknownKeys },
    unknownMenus.length && { field: 'menus', code: 'unknown_keys', keys: unknownMenus },
    platformKeys.length && { field: 'permissions', code: 'platform_keys_in_tenant_role', keys: platformKeys },
  ]
    .filter((f) => f !== 0)
    .map((f) => ({ ...f, message: translate(ctx.lang, `validation.${f.code}`, { keys: f.keys.join(', ') }) }));
  if (fields.length) {
    throw new AppError(
      'invalid_input',
      { fields: fields.map((f) => `${f.field}: ${f.message}`).join('; ') },
      { fields },
    );
  }
  const notHeld = {
    permissions: wanted.permissions.filter((k) => !before.permissions.includes(k) && !held.permissions.has(k)),
    menus: wanted.menus.filter((name) => !before.menus.includes(name) && !held.menus.has(name)),
  };
  if (notHeld.permissions.length || notHeld.menus.length) throw new AppError('forbidden', {}, { not_held: notHeld });
}
