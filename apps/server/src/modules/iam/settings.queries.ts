/** Shell settings with their defaults; a platform row overrides the default, a site row overrides both. */
export const SHELL_SETTING_DEFAULTS = {
  help_url: '',
  open_webrtc: '0',
  showCdkey: '1',
  open_audit_edit: '1',
  open_chatgpt: '0',
  wrong_book_n: '3',
} as const;
export type ShellSettings = { -readonly [K in keyof typeof SHELL_SETTING_DEFAULTS]: string };

/** Merges setting rows (platform rows first, then the site's) over the defaults. */
export function mergeShellSettings(rows: { siteId: number | null; key: string; value: string }[]): ShellSettings {
  const merged: ShellSettings = { ...SHELL_SETTING_DEFAULTS };
  for (const row of rows.filter((r) => r.siteId === null)) merged[row.key as keyof ShellSettings] = row.value;
  for (const row of rows.filter((r) => r.siteId !== null)) merged[row.key as keyof ShellSettings] = row.value;
  return merged;
}
