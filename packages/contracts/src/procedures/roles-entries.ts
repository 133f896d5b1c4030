import { z } from 'zod';
import { MODULE_KEYS } from '../navigation/types.ts';
import { procedure } from '../procedure.ts';

/**
 * Administrators' own permission keys and menu entries (permission-create, permission-delete, menu-create,
 * menu-update, menu-delete). Platform procedures, like the rest of /auth.
 */
export const MENU_ENTRY_LIMITS = { title: 64, url: 255, sort: 9999 } as const;

/** A custom permission key: `custom:` then a slug, so it never collides with a procedure path (`/...`). */
export const CUSTOM_PERMISSION_PATTERN = /^custom:[a-z0-9][a-z0-9_.-]{0,63}$/;
export const ZCustomPermissionKey = z.string().trim().max(71).regex(CUSTOM_PERMISSION_PATTERN);

/** Route names of custom menu entries start with this prefix (the server makes them). */
export const CUSTOM_MENU_PREFIX = 'custom-';

export const ZMenuTitle = z.string().trim().max(MENU_ENTRY_LIMITS.title);
export const ZMenuUrl = z
  .string()
  .trim()
  .max(MENU_ENTRY_LIMITS.url)
  .regex(/^https?:\/\/[^\s]+$/i, 'validation.url_format');
const ZSort = z.number().int().min(0).max(MENU_ENTRY_LIMITS.sort);
const ZParent = z.enum(MODULE_KEYS);
const ZRouteName = z.string().min(1).max(128);

/** One entry of the menu as administrators see it: the catalogue's, changed by an override, or a custom link. */
export const ZMenuEntry = z.object({
  name: z.string(),
  parent: z.string(),
  sort: z.number().int(),
  title_zh: z.string(),
  title_en: z.string(),
  url: z.string().nullable(),
  in_menu: z.boolean(),
  custom: z.boolean(),
  /** A catalogue route whose parent, sort or titles an administrator changed. */
  overridden: z.boolean(),
});
export type TMenuEntry = z.infer<typeof ZMenuEntry>;

export const roleEntryProcedures = {
  permissionCreate: procedure({
    path: '/auth/permission-create',
    platform: true,
    summary:
      'Creates a custom permission key (`custom:<slug>`) with its name and description; the super administrator holds it.',
    input: z.object({
      key: ZCustomPermissionKey,
      name: z.string().trim().min(1).max(128),
      description: z.string().trim().min(1).max(255),
    }),
    output: z.object({ key: z.string(), name: z.string(), description: z.string(), custom: z.literal(true) }),
  }),
  permissionDelete: procedure({
    path: '/auth/permission-delete',
    platform: true,
    summary: 'Deletes a custom permission key and takes it from every role (catalogue keys cannot be deleted).',
    input: z.object({ key: z.string().min(1).max(128) }),
    output: z.object({ ok: z.literal(true), roles: z.array(z.string()) }),
  }),
  menuCreate: procedure({
    path: '/auth/menu-create',
    platform: true,
    summary:
      'Adds a custom menu entry: a link to an outside page (titles in both languages, http(s) address) under a module; the super administrator holds it.',
    input: z.object({
      parent: ZParent,
      sort: ZSort.default(0),
      title_zh: ZMenuTitle.min(1),
      title_en: ZMenuTitle.min(1),
      url: ZMenuUrl,
      in_menu: z.boolean().default(true),
    }),
    output: ZMenuEntry,
  }),
  menuUpdate: procedure({
    path: '/auth/menu-update',
    platform: true,
    summary:
      "Changes a menu entry: a catalogue route's parent module, sort and titles are stored as an override (empty titles keep the catalogue's); a custom entry's link too.",
    input: z.object({
      name: ZRouteName,
      parent: ZParent,
      sort: ZSort,
      title_zh: ZMenuTitle.default(''),
      title_en: ZMenuTitle.default(''),
      /** Custom entries only (required there). */
      url: ZMenuUrl.optional(),
      in_menu: z.boolean().optional(),
    }),
    output: ZMenuEntry,
  }),
  menuDelete: procedure({
    path: '/auth/menu-delete',
    platform: true,
    summary:
      "Deletes a custom menu entry and its role grants, or removes a catalogue route's override (the route itself stays).",
    input: z.object({ name: ZRouteName }),
    output: z.object({ ok: z.literal(true), removed: z.enum(['entry', 'override']) }),
  }),
} as const;
