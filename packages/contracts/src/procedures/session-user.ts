import { z } from 'zod';

/**
 * `auth_menus`: the permitted route names as keys (spec §3), each with its title in the caller's language.
 * Paths, modules and icons come from the navigation catalogue that client and server share.
 */
export const ZAuthMenus = z.record(z.string(), z.string());

export const ZModuleEntry = z.object({ module_route: z.string(), title: z.string(), default_route: z.string() });

/** Session user info returned by login, sign-up and quick login (learning spec §3). */
export const ZSessionUser = z.object({
  id: z.number().int(),
  accessToken: z.string(),
  userName: z.string(),
  site: z.object({
    id: z.number().int(),
    name: z.string(),
    service_type: z.number().int(),
    icon_logo: z.string().nullable(),
  }),
  auth_menus: ZAuthMenus,
  module_default: ZModuleEntry.nullable(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;
