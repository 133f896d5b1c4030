import type { TStatFigures } from '@app/contracts';
import { translate } from '@app/i18n';
import type { TenantContext } from '../../platform/context.ts';
import { writeSheet } from '../../platform/spreadsheet.ts';
import { statDays } from './stat-figures.queries.ts';
import type { StatScope } from './stat-scope.ts';
import { statUserRows } from './stat-users.queries.ts';

const FIGURE_COLUMNS = [
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

/** A ratio as a percentage with two decimals ("75.00%"); empty when there is none. */
export const percent = (ratio: number | null) => (ratio === null ? '' : `${(ratio * 100).toFixed(2)}%`);

const figureCells = (f: TStatFigures) =>
  FIGURE_COLUMNS.map((column) => (column === 'accuracy' || column === 'fit_accuracy' ? percent(f[column]) : f[column]));

/**
 * `/stat/export`: team performance per operator (`users`, as /stat/users orders them, no conditions) or per day
 * (`daily`, days with activity, oldest first) over the scope, headers in the caller's language (`stat-export`).
 */
export async function exportStats(ctx: TenantContext, scope: StatScope, kind: 'users' | 'daily') {
  const header = (columns: readonly string[]) => columns.map((c) => translate(ctx.lang, `stat-export.${c}`));
  const name = `${kind === 'users' ? 'performance' : 'daily-performance'}-${scope.from}-${scope.to}.xlsx`;
  if (kind === 'users') {
    const rows = await statUserRows(ctx.db, scope);
    return writeSheet(
      name,
      translate(ctx.lang, 'stat-export.sheet_users'),
      header(['user_id', 'nickname', ...FIGURE_COLUMNS]),
      rows.map((row) => [row.user_id, row.nickname, ...figureCells(row)]),
    );
  }
  const { days, total } = await statDays(ctx.db, scope);
  return writeSheet(name, translate(ctx.lang, 'stat-export.sheet_daily'), header(['day', ...FIGURE_COLUMNS]), [
    ...days.map((row) => [row.day, ...figureCells(row)]),
    [translate(ctx.lang, 'stat-export.total'), ...figureCells(total)],
  ]);
}
