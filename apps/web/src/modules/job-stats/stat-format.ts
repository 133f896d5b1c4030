import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';

/** Seconds as h:mm:ss (hours not capped at 24). */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `${h}:${String(m).padStart(2, '0')}:${String(s).padStart(2, '0')}`;
}

/** A ratio (0..1) as a percentage with one decimal; '—' when there is nothing to judge. */
export function formatPercent(ratio: number | null | undefined): string {
  if (ratio === null || ratio === undefined) return '—';
  return `${(ratio * 100).toFixed(1)}%`;
}

/** Statistics count UTC days: today's UTC date as a dayjs at local midnight, so `format` gives that date. */
export function todayUtc(): Dayjs {
  return dayjs(new Date().toISOString().slice(0, 10));
}

export type DayRange = [Dayjs, Dayjs];

/** The default range: the last 7 UTC days, today included. */
export function lastSevenDays(): DayRange {
  const today = todayUtc();
  return [today.subtract(6, 'day'), today];
}

export function rangeScope(range: DayRange): { from: string; to: string } {
  return { from: range[0].format('YYYY-MM-DD'), to: range[1].format('YYYY-MM-DD') };
}
