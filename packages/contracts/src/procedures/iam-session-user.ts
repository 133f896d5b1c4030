import { z } from 'zod';

/**
 * `auth_menus`: the permitted route names as keys, each with its title in the caller's language.
 * Paths, modules and icons come from the navigation catalogue that client and server share.
 */
export const ZAuthMenus = z.record(z.string(), z.string());

/**
 * How the menu departs from the navigation catalogue for the caller: catalogue routes with an administrator's
 * override (parent module, sort, titles) and custom entries (outside links, `url`) the role holds. Titles are
 * null where the catalogue's translation applies.
 */
export const ZMenuLayoutEntry = z.object({
  name: z.string(),
  parent: z.string(),
  sort: z.number().int(),
  title_zh: z.string().nullable(),
  title_en: z.string().nullable(),
  url: z.string().nullable(),
  in_menu: z.boolean(),
});
export type TMenuLayoutEntry = z.infer<typeof ZMenuLayoutEntry>;

export const ZModuleEntry = z.object({ module_route: z.string(), title: z.string(), default_route: z.string() });

/** Session user info returned by login, sign-up and quick login. */
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
