import { type Executor, schema } from '@app/db';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';

/** Shell settings with their defaults; a platform row overrides the default, a site row overrides both. */
export const SHELL_SETTING_DEFAULTS = {
  help_url: '',
  open_webrtc: '0',
  showCdkey: '1',
  open_audit_edit: '1',
  open_chatgpt: '0',
} as const;
export type ShellSettings = { -readonly [K in keyof typeof SHELL_SETTING_DEFAULTS]: string };

export async function readShellSettings(db: Executor, siteId: number): Promise<ShellSettings> {
  const { settings } = schema;
  const rows = await db
    .select({ siteId: settings.siteId, key: settings.key, value: settings.value })
    .from(settings)
    .where(
      and(
        inArray(settings.key, Object.keys(SHELL_SETTING_DEFAULTS)),
        or(isNull(settings.siteId), eq(settings.siteId, siteId)),
      ),
    );
  const merged: ShellSettings = { ...SHELL_SETTING_DEFAULTS };
  for (const row of rows.filter((r) => r.siteId === null)) merged[row.key as keyof ShellSettings] = row.value;
  for (const row of rows.filter((r) => r.siteId !== null)) merged[row.key as keyof ShellSettings] = row.value;
  return merged;
}
