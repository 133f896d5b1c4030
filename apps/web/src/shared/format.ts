import dayjs from 'dayjs';

/** Time format: yyyy-MM-dd hh:mm. */
export function formatTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}

/** A day (yyyy-MM-dd), for columns where the time of day does not matter. */
export function formatDay(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '—';
}

/** A record's name in the interface language: its English name for en-US when it has one (as the server does). */
export function nameIn(record: { name: string; name_en?: string | null }, lang: string): string {
  return lang === 'en-US' && record.name_en ? record.name_en : record.name;
}

/** Sizes as people read them (B, KB, MB, GB). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
