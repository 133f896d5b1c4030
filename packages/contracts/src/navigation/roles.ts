import { MODULES } from './modules.ts';
import { MODULE_KEYS, type ModuleKey } from './types.ts';

/** The seeded built-in roles. */
export const ROLE_KEYS = [
  'role_student',
  'role_teacher',
  'role_manager',
  'role_root',
  'role_operator',
  'role_content_production',
  'role_content_manager',
  'role_team_admin',
  'role_team_operator',
] as const;
export type RoleKey = (typeof ROLE_KEYS)[number];

export interface BuiltinRole {
  readonly key: RoleKey;
  /** i18n key in the `roles` namespace. */
  readonly titleKey: string;
  readonly modules: readonly ModuleKey[];
  /** Acts across sites through the platform procedures (which name the organisation they act on). */
  readonly platform: boolean;
}

export const DEFAULT_ROLE: RoleKey = 'role_student';

export const BUILTIN_ROLES: readonly BuiltinRole[] = [
  {
    key: 'role_student',
    titleKey: 'role_student',
    modules: ['module_certlearn', 'module_examine', 'module_course', 'module_experiment'],
    platform: false,
  },
  {
    key: 'role_teacher',
    titleKey: 'role_teacher',
    modules: ['module_examine_teacher', 'module_course_teacher', 'module_info_teacher', 'module_experiment'],
    platform: false,
  },
  {
    key: 'role_manager',
    titleKey: 'role_manager',
    modules: ['module_info_manager', 'module_info_teacher', 'module_examine_teacher', 'module_course_teacher'],
    platform: false,
  },
  { key: 'role_root', titleKey: 'role_root', modules: MODULE_KEYS, platform: true },
  { key: 'role_operator', titleKey: 'role_operator', modules: ['module_platform'], platform: true },
  {
    key: 'role_content_production',
    titleKey: 'role_content_production',
    modules: ['module_content_production'],
    platform: false,
  },
  {
    key: 'role_content_manager',
    titleKey: 'role_content_manager',
    modules: ['module_content_manager'],
    platform: false,
  },
  { key: 'role_team_admin', titleKey: 'role_team_admin', modules: ['module_content_production'], platform: false },
  {
    key: 'role_team_operator',
    titleKey: 'role_team_operator',
    modules: ['module_content_production'],
    platform: false,
  },
];

/** Roles that get only some routes of their modules: the team operator sees the operator-facing production pages. */
export const ROLE_ROUTE_LIMITS: Readonly<Partial<Record<RoleKey, readonly string[]>>> = {
  role_team_operator: [
    'home_content_production',
    'production-task',
    'production-task-execute',
    'production-task-task-detail',
    'production-stat',
  ],
};

/**
 * Pages of a role's modules the role does not get: the platform operator runs the platform but does not administer
 * access (roles, permission groups, menus, permissions: that is the super administrator's, so an operator cannot
 * widen its own rights), nor the content managers' question feedback queue (its procedures are theirs).
 */
export const ROLE_ROUTE_EXCLUSIONS: Readonly<Partial<Record<RoleKey, readonly string[]>>> = {
  role_operator: [
    'system-role',
    'system-role-edit',
    'system-group',
    'system-group-edit',
    'system-menu',
    'system-permission',
    'dataset-feedback',
  ],
};

export function findBuiltinRole(key: string): BuiltinRole | undefined {
  return BUILTIN_ROLES.find((role) => role.key === key);
}

/** The menu entries (route names, the keys of `auth_menus`) of a built-in role, in catalogue order. */
export function menuRoutesOfRole(key: RoleKey): string[] {
  const role = findBuiltinRole(key);
  if (!role) return [];
  const limit = ROLE_ROUTE_LIMITS[key];
  const excluded = ROLE_ROUTE_EXCLUSIONS[key] ?? [];
  return MODULES.filter((module) => role.modules.includes(module.key))
    .flatMap((module) => module.routes.map((route) => route.name))
    .filter((name) => (!limit || limit.includes(name)) && !excluded.includes(name));
}
