import type { RoleKey } from './roles.ts';

/** Classes (teachers, managers) and team groups (managers, team administrators) share the /group keys. */
const GROUP_KEYS = [
  '/group/list',
  '/group/detail',
  '/group/form',
  '/group/create',
  '/group/update',
  '/group/delete',
  '/group/close',
  '/group/open',
  '/group/user-list',
  '/group/user-candidates',
  '/group/user-create',
  '/group/user-delete',
] as const;

/** Running a team: moving people between team groups, tags, the organisation's own settings and logos. */
const TEAM_KEYS = [
  '/group/transfer',
  '/user/tags',
  '/user/tag-create',
  '/user/tag-update',
  '/user/tag-delete',
  '/user/tag-set',
  '/site/my-settings',
  '/site/my-settings-update',
  '/site/my-logo',
] as const;

const PEOPLE_KEYS = [
  '/user/mylist',
  '/user/member-detail',
  '/user/member-roles',
  '/user/create',
  '/user/update',
  '/user/delete',
  '/user/reset-password',
  '/user/export-user-data',
  '/user/import-template',
  '/user/import',
  '/user/pending-list',
  '/user/approve',
  '/user/reject',
] as const;

const INVITATION_KEYS = [
  '/invitation/list',
  '/invitation/detail',
  '/invitation/form',
  '/invitation/create',
  '/invitation/update',
  '/invitation/delete',
  '/invitation/start-using',
  '/invitation/stop-using',
  '/invitation/invite-emails',
] as const;

const TEACHER_ADMIN_KEYS = [
  '/user/teacher-list',
  '/user/teacher-detail',
  '/user/teacher-update',
  '/user/teacher-delete',
  '/user/teacher-verify',
  '/user/teacher-set-blacklist',
  '/user/teacher-set-whitelist',
  '/user/teacher-set-top',
  '/user/teacher-cancel-top',
  '/user/teacher-stat',
  '/user/teacher-notice-save',
  '/user/teacher-notice-list',
  '/user/teacher-ai-search',
  '/user/teacher-import',
  '/user/teacher-import-resume',
] as const;

const PLATFORM_OPERATOR_KEYS = [
  '/system/online-users',
  '/system/online-users-all',
  '/system/ws-stat',
  '/system/mq-stat',
  '/system/logs',
  '/system/announcement-list',
  '/system/announcement-create',
  '/system/announcement-update',
  '/system/announcement-delete',
  '/system/user-stat-day-list',
  '/user/list',
  '/user/form',
  '/user/records',
  '/user/platform-detail',
  '/user/set-status',
  '/user/stat-by-star-section',
  '/user/user-stat-day-list',
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
  '/site/site-stat-list',
  '/site/site-stat-list-export',
  '/site/stat-by-star-section',
  '/site/stat-by-province',
  '/site/site-area-distribute',
  '/site/change-user-site',
  '/site/invitation-list',
  '/site/invitation-create',
  '/setting/list',
  '/setting/create',
  '/setting/update',
  '/setting/delete',
  '/dict/list',
  '/dict/detail',
  '/dict/create',
  '/dict/update',
  '/dict/delete',
  '/dict/item-create',
  '/dict/item-update',
  '/dict/item-delete',
] as const;

/**
 * Permission keys (procedure paths) each built-in role holds. The super administrator (role_root) holds
 * every key of the catalogue. Modules add their keys here as they add procedures.
 */
export const BUILTIN_ROLE_PERMISSIONS: Readonly<Record<Exclude<RoleKey, 'role_root'>, readonly string[]>> = {
  role_student: [],
  role_teacher: ['/user/index-manager', ...GROUP_KEYS, '/user/teacher-notice-item-list', '/user/teacher-notice-detail'],
  role_manager: [
    '/user/index-manager',
    ...PEOPLE_KEYS,
    ...INVITATION_KEYS,
    ...GROUP_KEYS,
    ...TEAM_KEYS,
    ...TEACHER_ADMIN_KEYS,
  ],
  role_operator: PLATFORM_OPERATOR_KEYS,
  role_content_production: [],
  role_content_manager: [],
  role_team_admin: [...GROUP_KEYS, ...TEAM_KEYS],
  role_team_operator: [],
};
