import { z } from 'zod';

/** One permitted menu entry, keyed by its route name in `auth_menus`. */
export const ZMenuGrant = z.object({
  name: z.string(),
  path: z.string(),
  module: z.string(),
  title: z.string(),
});

export const ZAuthMenus = z.record(z.string(), ZMenuGrant);

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
