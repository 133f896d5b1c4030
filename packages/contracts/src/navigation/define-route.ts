import type { RouteEntry } from './types.ts';

export interface RouteOptions {
  /** Overrides the rule of `inMenuByRule` (pages reached from another page although their name says nothing). */
  readonly inMenu?: boolean;
  /** Overrides the name derived from the path (external links). */
  readonly name?: string;
  readonly externalUrlSetting?: string;
}

/** Spec path (`/a/{tab?}/{id}`) to react-router path (`/a/:tab?/:id`); adds the leading slash if missing. */
export function toRouterPath(specPath: string): string {
  const withSlash = specPath.startsWith('/') ? specPath : `/${specPath}`;
  return withSlash.replace(/\{(\w+)(\??)\}/g, ':$1$2');
}

/** Route name: the path without its params, leading slash removed, `/` replaced by `-` (case kept). */
export function routeNameOf(path: string): string {
  return path
    .split('/')
    .filter((segment) => segment !== '' && !segment.startsWith(':') && !segment.startsWith('{'))
    .join('-');
}

const NOT_IN_MENU_WORDS = /detail|create|edit|result|report|add|preview/i;

/** Detail, create, edit, result, report, add and preview pages, and pages with a required param, are not in the menu. */
export function inMenuByRule(name: string, path: string): boolean {
  return !NOT_IN_MENU_WORDS.test(name) && !/:\w+(\/|$)/.test(path);
}

export function defineRoute(specPath: string, options: RouteOptions = {}): RouteEntry {
  const path = toRouterPath(specPath);
  const name = options.name ?? routeNameOf(path);
  return {
    name,
    path,
    titleKey: `route.${name}`,
    inMenu: options.inMenu ?? inMenuByRule(name, path),
    ...(options.externalUrlSetting ? { externalUrlSetting: options.externalUrlSetting } : {}),
  };
}
