import { randomBytes } from 'node:crypto';
import { CUSTOM_MENU_PREFIX, ROUTES_BY_NAME, type TMenuEntry } from '@app/contracts';
import { type Executor, schema } from '@app/db';
import { translate } from '@app/i18n';
import { eq } from 'drizzle-orm';
import { recordAudit } from '../../platform/audit.ts';
import type { TenantContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { effectiveMenu, type MenuEntryRow } from '../iam/index.ts';
import { announceAccessChanged } from './access-changed.ts';

const { menuEntries, roleMenus } = schema;

export interface MenuEntryInput {
  parent: string;
  sort: number;
  title_zh: string;
  title_en: string;
  url?: string;
  in_menu?: boolean;
}

/** The entry as `/auth/menus` shows it, after a write. */
async function presentEntry(db: Executor, name: string): Promise<TMenuEntry> {
  const rows = await db.select().from(menuEntries);
  const route = effectiveMenu(rows)
    .flatMap((m) => m.routes)
    .find((r) => r.name === name)!;
  const { path: _path, in_client: _inClient, ...entry } = route;
  return entry;
}

function auditState(row: MenuEntryRow | undefined) {
  if (!row) return null;
  return {
    parent: row.parent,
    sort: row.sort,
    title_zh: row.titleZh,
    title_en: row.titleEn,
    url: row.url,
    in_menu: row.inMenu,
    custom: row.custom,
  };
}

function fieldError(ctx: TenantContext, field: string, key: string): AppError {
  const message = translate(ctx.lang, `validation.${key}`);
  return new AppError('invalid_input', { fields: `${field}: ${message}` }, { fields: [{ field, code: key, message }] });
}

/** Adds a custom menu entry (an outside link); the super administrator holds every entry, so it gets this one. */
export async function createMenuEntry(
  ctx: TenantContext,
  input: MenuEntryInput & { url: string },
): Promise<TMenuEntry> {
  const name = `${CUSTOM_MENU_PREFIX}${randomBytes(4).toString('hex')}`;
  const entry = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(menuEntries)
      .values({
        routeName: name,
        custom: true,
        parent: input.parent,
        sort: input.sort,
        titleZh: input.title_zh,
        titleEn: input.title_en,
        url: input.url,
        inMenu: input.in_menu ?? true,
      })
      .returning();
    await tx.insert(roleMenus).values({ roleKey: 'role_root', routeName: name }).onConflictDoNothing();
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'menu_create',
      targetType: 'menu_entry',
      targetId: name,
      details: { before: null, after: auditState(row) },
      ip: ctx.ip,
    });
    return presentEntry(tx, name);
  });
  await announceAccessChanged(ctx);
  return entry;
}

/**
 * Changes a menu entry. A catalogue route's parent module, sort, titles and menu flag are stored as an
 * override row (an empty title keeps the catalogue's translation; it has no url). A custom entry's titles
 * are required and its url may change.
 */
export async function updateMenuEntry(
  ctx: TenantContext,
  input: MenuEntryInput & { name: string },
): Promise<TMenuEntry> {
  const catalogue = ROUTES_BY_NAME.get(input.name);
  const entry = await ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(menuEntries).where(eq(menuEntries.routeName, input.name)).for('update');
    if (!catalogue && !before?.custom) throw new AppError('not_found');
    let values: typeof menuEntries.$inferInsert;
    if (catalogue) {
      if (input.url !== undefined) throw fieldError(ctx, 'url', 'menu_url_custom_only');
      values = {
        routeName: input.name,
        custom: false,
        parent: input.parent,
        sort: input.sort,
        titleZh: input.title_zh || null,
        titleEn: input.title_en || null,
        url: null,
        inMenu: input.in_menu ?? before?.inMenu ?? catalogue.inMenu,
      };
    } else {
      if (!input.title_zh) throw fieldError(ctx, 'title_zh', 'required');
      if (!input.title_en) throw fieldError(ctx, 'title_en', 'required');
      values = {
        routeName: input.name,
        custom: true,
        parent: input.parent,
        sort: input.sort,
        titleZh: input.title_zh,
        titleEn: input.title_en,
        url: input.url ?? before!.url,
        inMenu: input.in_menu ?? before!.inMenu,
      };
    }
    const [after] = await tx
      .insert(menuEntries)
      .values(values)
      .onConflictDoUpdate({ target: menuEntries.routeName, set: { ...values, updatedAt: new Date() } })
      .returning();
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'menu_update',
      targetType: 'menu_entry',
      targetId: input.name,
      details: { before: auditState(before), after: auditState(after) },
      ip: ctx.ip,
    });
    return presentEntry(tx, input.name);
  });
  await announceAccessChanged(ctx);
  return entry;
}

/** Deletes a custom entry with its role grants, or a catalogue route's override (the route stays). */
export async function deleteMenuEntry(
  ctx: TenantContext,
  name: string,
): Promise<{ ok: true; removed: 'entry' | 'override' }> {
  const removed = await ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(menuEntries).where(eq(menuEntries.routeName, name)).for('update');
    if (!row) throw new AppError('not_found');
    let roles: string[] = [];
    if (row.custom) {
      roles = (
        await tx.delete(roleMenus).where(eq(roleMenus.routeName, name)).returning({ role: roleMenus.roleKey })
      ).map((r) => r.role);
    }
    await tx.delete(menuEntries).where(eq(menuEntries.routeName, name));
    await recordAudit(tx, {
      userId: ctx.session.userId,
      action: 'menu_delete',
      targetType: 'menu_entry',
      targetId: name,
      details: { before: { ...auditState(row), ...(row.custom ? { roles: roles.sort() } : {}) }, after: null },
      ip: ctx.ip,
    });
    return row.custom ? ('entry' as const) : ('override' as const);
  });
  await announceAccessChanged(ctx);
  return { ok: true, removed };
}
