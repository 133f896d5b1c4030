import dayjs from 'dayjs';

/** Time format of spec §9 (yyyy-MM-dd hh:mm). */
export function formatTime(value: string | Date | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}
