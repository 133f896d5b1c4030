import { z } from 'zod';
import { procedure } from '../procedure.ts';
import { ZAuthMenus, ZMenuLayoutEntry, ZModuleEntry } from './iam-session-user.ts';

export const ZUserDetail = z.object({
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    nickname: z.string(),
    avatar: z.string().nullable(),
    site: z.object({
      id: z.number().int(),
      name: z.string(),
      logo: z.string().nullable(),
      icon_logo: z.string().nullable(),
      service_type: z.number().int(),
      open_chatgpt: z.string(),
    }),
    siteUser: z.object({ current_role: z.string() }),
    can_change_roles: z.record(z.string(), z.string()),
    auth_menus: ZAuthMenus,
    modules: z.array(ZModuleEntry),
    /** Overrides and custom entries among the permitted ones (see ZMenuLayoutEntry). */
    menu_layout: z.array(ZMenuLayoutEntry),
    /** The permission keys of the current role (procedure paths), so pages offer only what the caller may do. */
    permissions: z.array(z.string()),
  }),
  settings: z.object({
    help_url: z.string(),
    open_webrtc: z.string(),
    showCdkey: z.string(),
    open_audit_edit: z.string(),
  }),
  userSites: z.array(
    z.object({ id: z.number().int(), site_id: z.number().int(), site: z.object({ name: z.string() }) }),
  ),
});
export type TUserDetail = z.infer<typeof ZUserDetail>;

export const iamProcedures = {
  detail: procedure({
    path: '/user/detail',
    summary: 'The shell: the user, the current organisation and role, permitted menus, settings and memberships.',
    access: 'authenticated',
    input: z.object({}),
    output: ZUserDetail,
  }),
  changeSite: procedure({
    path: '/user/change-site',
    summary: "Makes one of the user's organisations the current one.",
    access: 'authenticated',
    input: z.object({ site_id: z.number().int().positive() }),
    output: z.object({ ok: z.literal(true) }),
    tenantIds: { site_id: 'site' },
  }),
  changeRole: procedure({
    path: '/user/change-role',
    summary: 'Makes one of the roles the user holds in the current organisation the current one.',
    access: 'authenticated',
    input: z.object({ rolename: z.string().min(1).max(64) }),
    output: z.object({ ok: z.literal(true) }),
  }),
} as const;
