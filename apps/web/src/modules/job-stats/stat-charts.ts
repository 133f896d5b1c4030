import type { TStatFigures } from '@app/contracts';
import type { TFunction } from 'i18next';

type DayRow = TStatFigures & { day: string };
type UserRow = TStatFigures & { nickname: string };
type CountField = 'sheets' | 'boxes' | 'points' | 'annotations' | 'approvals' | 'rejections' | 'resets' | 'reviews';

/** A line per figure over the days of the range (`t` of the `stats` namespace). */
export function dayTrendOption(days: DayRow[], fields: CountField[], t: TFunction): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 40, right: 16, top: 32, bottom: 32 },
    xAxis: { type: 'category', data: days.map((d) => d.day.slice(5)) },
    yAxis: { type: 'value', minInterval: 1 },
    series: fields.map((field) => ({
      type: 'line',
      smooth: true,
      name: t(field),
      data: days.map((d) => d[field]),
    })),
  };
}

/** The operators with the most sheets: sheets as bars, accuracy (%) as a line on a second axis. */
export function topOperatorsOption(rows: UserRow[], t: TFunction, top = 10): Record<string, unknown> {
  const best = [...rows].sort((a, b) => b.sheets - a.sheets).slice(0, top);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 32, bottom: 48 },
    xAxis: { type: 'category', data: best.map((r) => r.nickname), axisLabel: { interval: 0, rotate: 20 } },
    yAxis: [
      { type: 'value', minInterval: 1, name: t('sheets') },
      { type: 'value', min: 0, max: 100, name: '%' },
    ],
    series: [
      { type: 'bar', name: t('sheets'), data: best.map((r) => r.sheets), barMaxWidth: 32 },
      {
        type: 'line',
        name: t('accuracy'),
        yAxisIndex: 1,
        data: best.map((r) => (r.accuracy === null ? null : Math.round(r.accuracy * 1000) / 10)),
      },
    ],
  };
}
