/**
 * Route names that have a page in the web client (apps/web/src/app/pages.ts must register exactly these).
 * A menu entry, and a module, is offered only when its pages exist; modules add their routes here as they
 * build them.
 */
export const PAGES_IN_CLIENT: readonly string[] = [
  'trainingcamp-myexam',
  'home_manager',
  'user-mylist',
  'user-mygroups',
  'manager-user-detail',
  'mysite',
  'home_platform',
  'user-list',
  'user-detail',
  'system-ws-stat',
  'system-role',
  'system-role-edit',
  'system-group',
  'system-permission',
  'system-menu',
  'system-setting',
  'system',
  'system-user-stat',
  'site',
  'site-detail',
  'site-invitation',
  'lecturer',
  'manager-lecturer',
];
