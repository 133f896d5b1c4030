/** The 11 modules of the menu, one per area and audience. */
export const MODULE_KEYS = [
  'module_certlearn',
  'module_examine',
  'module_examine_teacher',
  'module_course',
  'module_course_teacher',
  'module_experiment',
  'module_info_teacher',
  'module_info_manager',
  'module_content_production',
  'module_content_manager',
  'module_platform',
] as const;
export type ModuleKey = (typeof MODULE_KEYS)[number];

/** One route of a module. `name` is the route name used as the key of `auth_menus`. */
export interface RouteEntry {
  /** Unique route name, kebab-case from the path, e.g. `trainingcamp-train`. */
  readonly name: string;
  /** react-router path; optional params as `:tab?`. */
  readonly path: string;
  /** i18n key in the `menu` namespace. */
  readonly titleKey: string;
  /** Shown in the left menu (false for detail pages reached from another page). */
  readonly inMenu: boolean;
  /** Opens this URL in a new tab instead of a page of the app. */
  readonly externalUrlSetting?: string;
}

export interface ModuleDefinition {
  readonly key: ModuleKey;
  readonly titleKey: string;
  /** Route name of the module's default page. */
  readonly defaultRoute: string;
  readonly routes: readonly RouteEntry[];
}
