import { MODULES, PAGES_IN_CLIENT, PROCEDURE_CATALOGUE, ROUTES_BY_NAME } from '@app/contracts';
import { permissionKeys } from '../iam/index.ts';

/** A permission key of the code's catalogue with the procedure behind it. */
export interface CatalogueKey {
  key: string;
  summary: string;
  /** Declared by platform procedures: only platform roles may hold it. */
  platform: boolean;
}

/** Every permission key of the procedure catalogue, in catalogue order. */
export const CATALOGUE_KEYS: readonly CatalogueKey[] = permissionKeys().map((key) => {
  const procedures = PROCEDURE_CATALOGUE.filter((p) => p.access.kind === 'permission' && p.access.key === key);
  return { key, summary: procedures[0]?.summary ?? '', platform: procedures.some((p) => p.platform) };
});

export const CATALOGUE_KEY_BY_NAME: ReadonlyMap<string, CatalogueKey> = new Map(CATALOGUE_KEYS.map((k) => [k.key, k]));

export const isCatalogueRoute = (name: string) => ROUTES_BY_NAME.has(name);

const PAGES = new Set(PAGES_IN_CLIENT);
export const hasPage = (name: string) => PAGES.has(name);

const ROUTE_ORDER = new Map(MODULES.flatMap((m) => m.routes).map((route, index) => [route.name, index]));

/** Route names in catalogue order (unknown names last, by name). */
export function inCatalogueOrder(names: Iterable<string>): string[] {
  const order = (name: string) => ROUTE_ORDER.get(name) ?? Number.MAX_SAFE_INTEGER;
  return [...names].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}
