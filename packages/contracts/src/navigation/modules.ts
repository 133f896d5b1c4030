import { ADMIN_MODULES } from './modules-admin.ts';
import { LEARNING_MODULES } from './modules-learning.ts';
import type { ModuleDefinition, ModuleKey, RouteEntry } from './types.ts';

/**
 * The route and menu catalogue: the 11 modules in menu order (learning, exams, courses, experiments, then
 * information, content and platform management), each with every route of its area. A path appears only once in the whole
 * catalogue; route names are unique.
 */
export const MODULES: readonly ModuleDefinition[] = [...LEARNING_MODULES, ...ADMIN_MODULES];

/** Every route of the catalogue by route name. */
export const ROUTES_BY_NAME: ReadonlyMap<string, RouteEntry> = new Map(
  MODULES.flatMap((module) => module.routes.map((route) => [route.name, route] as const)),
);

const MODULE_BY_ROUTE: ReadonlyMap<string, ModuleKey> = new Map(
  MODULES.flatMap((module) => module.routes.map((route) => [route.name, module.key] as const)),
);

const MODULES_BY_KEY: ReadonlyMap<ModuleKey, ModuleDefinition> = new Map(
  MODULES.map((module) => [module.key, module] as const),
);

export function findRoute(name: string): RouteEntry | undefined {
  return ROUTES_BY_NAME.get(name);
}

export function moduleOfRoute(name: string): ModuleKey | undefined {
  return MODULE_BY_ROUTE.get(name);
}

export function findModule(key: ModuleKey): ModuleDefinition | undefined {
  return MODULES_BY_KEY.get(key);
}
