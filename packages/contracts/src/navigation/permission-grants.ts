import type { RoleKey } from './roles.ts';

/**
 * Permission keys (procedure paths) each built-in role holds. The super administrator (role_root) holds
 * every key of the catalogue. Modules add their keys here as they add procedures.
 */
export const BUILTIN_ROLE_PERMISSIONS: Readonly<Record<Exclude<RoleKey, 'role_root'>, readonly string[]>> = {
  role_student: [],
  role_teacher: ['/user/index-manager'],
  role_manager: [
    '/user/mylist',
    '/user/index-manager',
    '/invitation/list',
    '/invitation/detail',
    '/invitation/form',
    '/invitation/create',
    '/invitation/update',
    '/invitation/delete',
    '/invitation/start-using',
    '/invitation/stop-using',
    '/invitation/invite-emails',
    '/user/pending-list',
    '/user/approve',
    '/user/reject',
  ],
  role_operator: [
    '/system/online-users',
    '/user/index-platform',
    '/site/list',
    '/site/detail',
    '/site/form',
    '/site/create',
    '/site/update',
    '/site/delete',
    '/site/open',
    '/site/close',
    '/site/update-logo',
    '/site/members',
  ],
  role_content_production: [],
  role_content_manager: [],
  role_team_admin: [],
  role_team_operator: [],
};
