import { describe, expect, it } from 'vitest';
import en from '../../../i18n/locales/en-US/menu.json' with { type: 'json' };
import enRoles from '../../../i18n/locales/en-US/role-names.json' with { type: 'json' };
import zh from '../../../i18n/locales/zh-CN/menu.json' with { type: 'json' };
import zhRoles from '../../../i18n/locales/zh-CN/role-names.json' with { type: 'json' };
import { inMenuByRule, routeNameOf, toRouterPath } from './define-route.ts';
import { findRoute, MODULES, moduleOfRoute, ROUTES_BY_NAME } from './modules.ts';
import { BUILTIN_ROLES, DEFAULT_ROLE, menuRoutesOfRole, ROLE_KEYS } from './roles.ts';
import { MODULE_KEYS, type ModuleKey } from './types.ts';

/** Routes per module, as the product lists them (plus the dashboards and external links added). */
const EXPECTED_ROUTE_COUNTS: Record<ModuleKey, number> = {
  module_certlearn: 17, // 16 + /home_student
  module_examine: 5,
  module_examine_teacher: 7,
  module_course: 7,
  module_course_teacher: 27,
  module_experiment: 3, // experiment-code + cloud-lab link + labelling-tool link
  module_info_teacher: 4, // /home_manager is listed by the spec
  module_info_manager: 8,
  module_content_production: 12, // 9 + /home_content_production + /production/template + /production/packs
  module_content_manager: 33, // 32 + /home_content_manager
  module_platform: 53, // 49 + /home_platform + /system/project-audit + /system/template-category + /system/data-deployment
};

const allRoutes = MODULES.flatMap((module) => module.routes);
const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef]/;

describe('module catalogue', () => {
  it('has the 11 modules in the spec order', () => {
    expect(MODULES.map((module) => module.key)).toEqual([...MODULE_KEYS]);
  });

  it('has unique route names and unique paths', () => {
    const names = allRoutes.map((route) => route.name);
    const paths = allRoutes.map((route) => route.path);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(paths).size).toBe(paths.length);
    expect(ROUTES_BY_NAME.size).toBe(allRoutes.length);
  });

  it('has the route count of the spec per module', () => {
    const counts = Object.fromEntries(MODULES.map((module) => [module.key, module.routes.length]));
    expect(counts).toEqual(EXPECTED_ROUTE_COUNTS);
  });

  it('has each default route inside its module, shown in the menu', () => {
    for (const module of MODULES) {
      const route = module.routes.find((entry) => entry.name === module.defaultRoute);
      expect(route, `${module.key} -> ${module.defaultRoute}`).toBeDefined();
      expect(route?.inMenu).toBe(true);
    }
  });

  it('derives names and paths from the spec paths', () => {
    expect(toRouterPath('/trainingcamp/exam-detail/{tab?}/{id?}')).toBe('/trainingcamp/exam-detail/:tab?/:id?');
    expect(toRouterPath('dataset/evaluation-detail')).toBe('/dataset/evaluation-detail');
    expect(routeNameOf('/trainingcamp/exam-detail/:tab?/:id?')).toBe('trainingcamp-exam-detail');
    expect(findRoute('production-task-task-detail')?.path).toBe('/production/task/task-detail/:id/:tab/:subtab');
    expect(findRoute('dataset-evaluation-detail')?.path).toBe('/dataset/evaluation-detail');
    for (const route of allRoutes) {
      if (route.externalUrlSetting) continue;
      expect(routeNameOf(route.path)).toBe(route.name);
      expect(route.path).not.toMatch(/[{}]/);
    }
  });

  it('keeps detail, create, edit and required-id pages out of the menu', () => {
    for (const route of allRoutes) {
      if (!inMenuByRule(route.name, route.path)) expect(route.inMenu, route.name).toBe(false);
      expect(route.titleKey).toBe(`route.${route.name}`);
    }
    expect(inMenuByRule('production-project-detail', '/production/project-detail/:id/:tab')).toBe(false);
    expect(inMenuByRule('production-task', '/production/task/:tab?/:subtab?')).toBe(true);
  });

  it('has the external links of the experiment module', () => {
    expect(findRoute('experiment-cloud-lab')).toMatchObject({
      path: '/external/cloud-lab',
      externalUrlSetting: 'experimentUrl',
    });
    expect(findRoute('production-labeltool')).toMatchObject({
      path: '/external/labeltool',
      externalUrlSetting: 'labeltoolUrl',
    });
    expect(moduleOfRoute('production-labeltool')).toBe('module_experiment');
    expect(moduleOfRoute('trainingcamp-mygroup-create')).toBe('module_content_manager');
    expect(moduleOfRoute('nope')).toBeUndefined();
  });
});

describe('menu catalogue', () => {
  const titleKeys = [...MODULES.map((module) => module.titleKey), ...allRoutes.map((route) => route.titleKey)];

  it('has a title for every module and route in both languages', () => {
    for (const key of titleKeys) {
      expect(zh, key).toHaveProperty([key]);
      expect(en, key).toHaveProperty([key]);
    }
  });

  it('has the same keys in both languages and no unused key', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(zh).sort());
    expect(Object.keys(zh).sort()).toEqual([...titleKeys].sort());
  });

  it('has no Chinese in the English titles and no empty title', () => {
    for (const [key, text] of Object.entries(en)) {
      expect(text, key).not.toMatch(CJK);
      expect(text.trim(), key).not.toBe('');
    }
    for (const [key, text] of Object.entries(zh)) expect(text.trim(), key).not.toBe('');
  });
});

describe('built-in roles', () => {
  it('has every role key once, with titles in both languages', () => {
    expect(BUILTIN_ROLES.map((role) => role.key)).toEqual([...ROLE_KEYS]);
    expect(ROLE_KEYS).toContain(DEFAULT_ROLE);
    for (const role of BUILTIN_ROLES) {
      expect(zhRoles, role.titleKey).toHaveProperty([role.titleKey]);
      expect(enRoles, role.titleKey).toHaveProperty([role.titleKey]);
    }
    expect(Object.keys(enRoles).sort()).toEqual(Object.keys(zhRoles).sort());
    for (const text of Object.values(enRoles)) expect(text).not.toMatch(CJK);
  });

  it('grants only existing modules', () => {
    for (const role of BUILTIN_ROLES) {
      expect(role.modules.length, role.key).toBeGreaterThan(0);
      for (const key of role.modules) expect(MODULE_KEYS, role.key).toContain(key);
    }
  });

  it('gives the super administrator every route and platform roles the platform module', () => {
    expect(menuRoutesOfRole('role_root')).toEqual(allRoutes.map((route) => route.name));
    const operator = menuRoutesOfRole('role_operator');
    expect(operator).toContain('system-setting');
    // Access administration stays with the super administrator.
    for (const name of ['system-role', 'system-group', 'system-menu', 'system-permission']) {
      expect(operator).not.toContain(name);
    }
    expect(BUILTIN_ROLES.filter((role) => role.platform).map((role) => role.key)).toEqual([
      'role_root',
      'role_operator',
    ]);
  });

  it('gives every role existing routes, including the default route of each of its modules', () => {
    for (const role of BUILTIN_ROLES) {
      const names = menuRoutesOfRole(role.key);
      for (const name of names) expect(findRoute(name), name).toBeDefined();
      for (const module of MODULES.filter((entry) => role.modules.includes(entry.key))) {
        expect(names, `${role.key} ${module.key}`).toContain(module.defaultRoute);
      }
    }
  });

  it('limits the team operator to the operator-facing production pages', () => {
    expect(menuRoutesOfRole('role_team_operator')).toEqual([
      'home_content_production',
      'production-task',
      'production-task-execute',
      'production-task-task-detail',
      'production-stat',
    ]);
    expect(menuRoutesOfRole('role_team_admin')).toContain('production-project-create');
  });
});
