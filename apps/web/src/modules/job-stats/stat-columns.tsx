import type { TStatFigures } from '@app/contracts';
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatDuration, formatPercent } from './stat-format.ts';

/** The figures in the order the tables show them. */
export const FIGURE_KEYS = [
  'sheets',
  'boxes',
  'points',
  'annotations',
  'work_seconds',
  'reviews',
  'approvals',
  'rejections',
  'resets',
  'accuracy',
  'fit_accuracy',
] as const satisfies readonly (keyof TStatFigures)[];
export type FigureKey = (typeof FIGURE_KEYS)[number];

/** One figure as shown: work time as h:mm:ss, accuracies as percentages, counts as they are. */
export function formatFigure(key: FigureKey, figures: TStatFigures): string {
  if (key === 'work_seconds') return formatDuration(figures.work_seconds);
  if (key === 'accuracy' || key === 'fit_accuracy') return formatPercent(figures[key]);
  return String(figures[key]);
}

/** The figure columns every statistics table shows (`t` of the `job-stats` namespace), after its own key columns. */
export function figureColumns<Row extends TStatFigures>(t: TFunction, sortable = false): TableColumnsType<Row> {
  return FIGURE_KEYS.map((key) => ({
    title: t(key),
    dataIndex: key,
    key,
    align: 'right' as const,
    render: (_: unknown, row: Row) => formatFigure(key, row),
    sorter: sortable ? (a: Row, b: Row) => (a[key] ?? -1) - (b[key] ?? -1) : undefined,
  }));
}
