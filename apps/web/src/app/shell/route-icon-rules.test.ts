import { MODULES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { routeIconName } from './route-icon-rules.ts';

describe('menu icons', () => {
  const menuRoutes = MODULES.flatMap((module) => module.routes.filter((route) => route.inMenu).map((r) => r.name));

  it('every menu route of the catalogue finds a fitting icon', () => {
    expect(menuRoutes.filter((name) => routeIconName(name) === null)).toEqual([]);
  });

  it('the menu of a module does not show one icon for everything', () => {
    for (const module of MODULES) {
      const icons = new Set(module.routes.filter((r) => r.inMenu).map((r) => routeIconName(r.name)));
      const entries = module.routes.filter((r) => r.inMenu).length;
      if (entries >= 4) expect(icons.size, module.key).toBeGreaterThanOrEqual(Math.ceil(entries / 3));
    }
  });

  it('picks what the page is about', () => {
    expect(routeIconName('trainingcamp-mywrong')).toBe('exception');
    expect(routeIconName('trainingcamp-myexam')).toBe('exam');
    expect(routeIconName('trainingcamp-mycerts')).toBe('certificate');
    expect(routeIconName('system-role')).toBe('lock');
    expect(routeIconName('production-project')).toBe('project');
    expect(routeIconName('user-mylist')).toBe('team');
  });
});
